import { describe, expect, it } from 'vitest';
import {
  COIN_PACKS,
  COINS_MSG,
  coinCount,
  burkinaPhoneError,
  findPackByPrice,
  formatFcfa,
  isValidOrangeOtp,
  normalizeBurkinaPhone,
  orangeUssdCode,
  packTotalCoins,
  randomPaymentId,
  resolvePack,
} from './coins.js';
import { ZInitBfRequest, ZInitCinetRequest } from './coin-calls.js';

describe('coin packs', () => {
  it('are the six packs of spec 2 §9, in FCFA, the third one popular', () => {
    expect(COIN_PACKS.map((p) => [p.coins, p.price, p.bonus, p.popular])).toEqual([
      [50, 300, 0, false],
      [100, 500, 0, false],
      [250, 1000, 25, true],
      [600, 2000, 100, false],
      [2000, 5000, 500, false],
      [5000, 10000, 1500, false],
    ]);
    expect(new Set(COIN_PACKS.map((p) => p.currency))).toEqual(new Set(['FCFA']));
    expect(COIN_PACKS.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('cannot be changed at run time', () => {
    const first = COIN_PACKS[0];
    expect(() => {
      if (first) (first as { price: number }).price = 1;
    }).toThrow();
    expect(Object.isFrozen(COIN_PACKS)).toBe(true);
  });

  it('credit the coins plus the bonus', () => {
    const popular = findPackByPrice(1000);
    expect(popular && packTotalCoins(popular)).toBe(275);
  });
});

describe('resolvePack', () => {
  it('finds a pack by exact price, by id, or by both when they agree', () => {
    expect(resolvePack({ amount: 1000 })).toMatchObject({ pack: { id: 3 } });
    expect(resolvePack({ pack_id: 4 })).toMatchObject({ pack: { price: 2000 } });
    expect(resolvePack({ pack_id: 3, amount: 1000 })).toMatchObject({ pack: { coins: 250 } });
  });

  it('refuses any other amount, an unknown id, a disagreement and nothing at all', () => {
    expect(resolvePack({ amount: 999 })).toEqual({ error: COINS_MSG.amountInvalid });
    expect(resolvePack({ amount: 1001 })).toEqual({ error: COINS_MSG.amountInvalid });
    expect(resolvePack({ pack_id: 7 })).toEqual({ error: COINS_MSG.amountInvalid });
    expect(resolvePack({ pack_id: 2, amount: 1000 })).toEqual({ error: COINS_MSG.packMismatch });
    expect(resolvePack({})).toEqual({ error: COINS_MSG.chooseOffer });
  });
});

describe('Burkina phone numbers', () => {
  it.each([
    ['70123456', '70123456'],
    ['70 12 34 56', '70123456'],
    ['70.12.34.56', '70123456'],
    ['70-12-34-56', '70123456'],
    ['+226 70 12 34 56', '70123456'],
    ['+22670123456', '70123456'],
    ['00226 07 12 34 56', '07123456'],
    ['  55123456 ', '55123456'],
  ])('accepts %s', (raw, national) => {
    expect(normalizeBurkinaPhone(raw)).toBe(national);
    expect(burkinaPhoneError(raw)).toBeNull();
  });

  it.each(['7012345', '701234567', '+225 70 12 34 56', '+2267012345', '70a23456', '226'])(
    'refuses %s with a French message',
    (raw) => {
      expect(normalizeBurkinaPhone(raw)).toBeNull();
      expect(burkinaPhoneError(raw)).toBe(COINS_MSG.phoneInvalid);
    },
  );

  it('asks for the field when it is empty', () => {
    expect(burkinaPhoneError('  ')).toBe(COINS_MSG.fillAll);
  });
});

describe('Orange OTP', () => {
  it('takes exactly six digits, any six, as its hint says', () => {
    expect(isValidOrangeOtp('482915')).toBe(true);
    // Orange makes the code: repeats and runs are real codes too.
    expect(isValidOrangeOtp('000000')).toBe(true);
    expect(isValidOrangeOtp('123456')).toBe(true);
    expect(COINS_MSG.otpHint).toBe('Le code doit contenir 6 chiffres');
    expect(isValidOrangeOtp('12345')).toBe(false);
    expect(isValidOrangeOtp('1234567')).toBe(false);
    expect(isValidOrangeOtp('12a456')).toBe(false);
    expect(isValidOrangeOtp('')).toBe(false);
  });

  it('is built into the USSD code with the price', () => {
    expect(orangeUssdCode(1000)).toBe('*144*4*6*1000#');
  });
});

describe('formatFcfa', () => {
  it('groups thousands the French way', () => {
    expect(formatFcfa(10000).replace(/\s/g, ' ')).toBe('10 000 FCFA');
    expect(formatFcfa(300)).toBe('300 FCFA');
  });
});

describe('randomPaymentId', () => {
  it('is ten digits without a leading zero', () => {
    expect(randomPaymentId(() => 0)).toBe('1000000000');
    expect(randomPaymentId(() => 0.999)).toBe('9999999999');
    for (let i = 0; i < 50; i += 1) expect(randomPaymentId()).toMatch(/^[1-9]\d{9}$/);
  });
});

describe('payment payloads', () => {
  it('needs the Orange OTP, not the Moov one', () => {
    const base = { amount: 1000, phone: '70123456' };
    expect(ZInitBfRequest.safeParse({ ...base, payment_method: 'moov' }).success).toBe(true);
    const orange = ZInitBfRequest.safeParse({ ...base, payment_method: 'orange', otp: '12345' });
    expect(orange.success).toBe(false);
    expect(orange.error?.issues[0]).toMatchObject({ path: ['otp'], message: COINS_MSG.otpInvalid });
    expect(
      ZInitBfRequest.safeParse({ ...base, payment_method: 'orange', otp: '482915' }).success,
    ).toBe(true);
  });

  it('refuses a malformed phone, method or payment id', () => {
    const bad = ZInitBfRequest.safeParse({ amount: 1000, phone: '123', payment_method: 'moov' });
    expect(bad.error?.issues[0]?.message).toBe(COINS_MSG.phoneInvalid);
    expect(
      ZInitBfRequest.safeParse({ amount: 1000, phone: '70123456', payment_method: 'wave' }).success,
    ).toBe(false);
    expect(ZInitCinetRequest.safeParse({ payment_id: '12345', amount: 1000 }).success).toBe(false);
    expect(ZInitCinetRequest.safeParse({ payment_id: '1234567890', amount: 1000 }).success).toBe(
      true,
    );
  });
});

describe('counts of pièces', () => {
  it('groups thousands the French way, with a narrow no-break space', () => {
    expect(coinCount(2000)).toBe('2\u202f000');
    expect(coinCount(100)).toBe('100');
    expect(COINS_MSG.purchaseSuccess(2500)).toBe(
      'Votre achat a réussi ! Vous avez reçu 2\u202f500 pièces.',
    );
  });
});
