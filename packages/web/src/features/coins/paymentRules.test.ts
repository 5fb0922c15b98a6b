import { describe, expect, it } from 'vitest';
import { COINS_MSG, COIN_PACKS } from '@app/shared';
import type { ApiResult } from '../../api/client';
import {
  cardInitError,
  checkingText,
  failureReason,
  mobileFormError,
  mobileInitError,
  pollStep,
  socialJoinError,
} from './paymentRules';

const pack = COIN_PACKS[2] ?? null;
const result = (
  status: number,
  message = '',
  errors?: Record<string, string[]>,
): ApiResult<unknown> => ({
  success: false,
  httpStatus: status,
  message,
  fromServer: status !== 0,
  errors,
});

describe('mobileFormError', () => {
  const ok = { pack, method: 'orange' as const, phone: '70 12 34 56', otp: '482915' };

  it('accepts a complete Orange form and a Moov form without OTP', () => {
    expect(mobileFormError(ok)).toBeNull();
    expect(mobileFormError({ ...ok, method: 'moov', otp: '' })).toBeNull();
  });

  it('asks for a pack, then every field, then a Burkina number, then a valid OTP', () => {
    expect(mobileFormError({ ...ok, pack: null })).toBe(COINS_MSG.chooseOffer);
    expect(mobileFormError({ ...ok, phone: ' ' })).toBe(COINS_MSG.fillAll);
    expect(mobileFormError({ ...ok, otp: '' })).toBe(COINS_MSG.fillAll);
    expect(mobileFormError({ ...ok, phone: '7012' })).toBe(COINS_MSG.phoneInvalid);
    expect(mobileFormError({ ...ok, otp: '123456' })).toBeNull();
    expect(mobileFormError({ ...ok, otp: '12a456' })).toBe(COINS_MSG.otpInvalid);
    expect(mobileFormError({ ...ok, otp: '48291' })).toBe(COINS_MSG.otpInvalid);
  });
});

describe('error messages of spec 2 §8', () => {
  it("maps a refused mobile payment to each operator's message", () => {
    expect(mobileInitError(result(403), 'orange')).toBe('OTP invalide ou paiement expiré');
    expect(mobileInitError(result(403), 'moov')).toBe('Paiement échoué, veuillez réessayer');
    expect(mobileInitError(result(0), 'moov')).toBe('Erreur de connexion, veuillez réessayer');
    expect(mobileInitError(result(500, 'Une erreur est survenue.'), 'orange')).toBe(
      'Erreur lors du paiement, veuillez réessayer',
    );
    expect(mobileInitError(result(400, 'x', { phone: [COINS_MSG.phoneInvalid] }), 'orange')).toBe(
      COINS_MSG.phoneInvalid,
    );
  });

  it('uses the server message for the card, else the generic one', () => {
    expect(cardInitError(result(502, COINS_MSG.initFailed))).toBe(COINS_MSG.initFailed);
    expect(cardInitError(result(500))).toBe("Erreur lors de l'initiation du paiement");
    expect(cardInitError(result(0))).toBe('Erreur de connexion, veuillez réessayer');
  });
});

describe('socialJoinError', () => {
  it("shows the server's message when the network was already joined (409)", () => {
    expect(socialJoinError(result(409, COINS_MSG.socialAlreadyJoined))).toBe(
      'Vous avez déjà rejoint ce réseau : la récompense a déjà été versée.',
    );
  });

  it("falls back to the spec's toast on any other failure", () => {
    const generic = 'Erreur lors de la jointure du réseau social. Veuillez réessayer.';
    expect(socialJoinError(result(500, 'Une erreur est survenue.'))).toBe(generic);
    expect(socialJoinError(result(0))).toBe(generic);
    expect(socialJoinError(result(409))).toBe(generic);
  });
});

describe('pollStep', () => {
  it('ends on success or failure and ignores failed calls', () => {
    expect(pollStep('card', 'success')).toBe('success');
    expect(pollStep('orange', 'failed')).toBe('failed');
    expect(pollStep('moov', null)).toBe('continue');
  });

  it('keeps the card polling on any other status, mobile money only while pending', () => {
    expect(pollStep('card', 'processing')).toBe('continue');
    expect(pollStep('orange', 'pending')).toBe('continue');
    expect(pollStep('moov', 'cancelled')).toBe('stop');
  });

  it('says what is happening for each method', () => {
    expect(checkingText('orange')).toBe('Votre paiement est en cours de traitement...');
    expect(checkingText('moov')).toBe(
      'Veuillez valider votre paiement en suivant les procédures SMS',
    );
    expect(checkingText('card')).toBe('Vérification du paiement en cours...');
  });
});

describe('failureReason', () => {
  it('gives the reason the status answer carries, else a generic French one', () => {
    expect(failureReason({ message: 'Solde insuffisant' })).toBe('Solde insuffisant');
    expect(failureReason({ message: '  ' })).toMatch(/^Le paiement n'a pas abouti/);
    expect(failureReason({ message: '' })).toMatch(/^Le paiement n'a pas abouti/);
  });
});
