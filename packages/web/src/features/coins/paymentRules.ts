/**
 * The coin screens' rules without React (spec 2 §4, §5, §8): the mobile-money form check, the
 * message for each failed call (purchases, social joins), what a polled status means for
 * the overlay, and why a polled payment failed.
 */
import {
  COINS_MSG,
  burkinaPhoneError,
  isValidOrangeOtp,
  type TCoinPack,
  type TMobileMoneyMethod,
} from '@app/shared';
import type { ApiResult } from '../../api/client';
import { firstError } from '../../api/client';
import { COINS_TEXT } from './texts';

export type PaymentKind = 'card' | TMobileMoneyMethod;

/** The first problem of the mobile-money form, or null when it can be sent. */
export function mobileFormError(input: {
  pack: TCoinPack | null;
  method: TMobileMoneyMethod;
  phone: string;
  otp: string;
}): string | null {
  if (!input.pack) return COINS_MSG.chooseOffer;
  if (!input.phone.trim() || (input.method === 'orange' && !input.otp)) return COINS_MSG.fillAll;
  const phone = burkinaPhoneError(input.phone);
  if (phone) return phone;
  if (input.method === 'orange' && !isValidOrangeOtp(input.otp)) return COINS_MSG.otpInvalid;
  return null;
}

/** Spec 2 §8: 403 is the operator's refusal; validation and unavailability say why. */
export function mobileInitError(res: ApiResult<unknown>, method: TMobileMoneyMethod): string {
  if (res.httpStatus === 0) return COINS_MSG.connection;
  if (res.httpStatus === 403)
    return method === 'orange' ? COINS_MSG.orangeRefused : COINS_MSG.moovRefused;
  if (res.httpStatus === 400 || res.httpStatus === 429 || res.httpStatus === 503) {
    return firstError(res) || COINS_MSG.mobileFailed;
  }
  return COINS_MSG.mobileFailed;
}

export function cardInitError(res: ApiResult<unknown>): string {
  if (res.httpStatus === 0) return COINS_MSG.connection;
  return firstError(res) || COINS_MSG.initFailed;
}

/** A 409 is the server saying the network was already joined: its French message says so. */
export function socialJoinError(res: ApiResult<unknown>): string {
  if (res.httpStatus === 409 && res.message) return res.message;
  return COINS_MSG.socialFailed;
}

export type PollStep = 'success' | 'failed' | 'continue' | 'stop';

/**
 * Spec 2 §4: success and failed end the polling; the card keeps polling on anything else;
 * mobile money keeps polling on pending only. A failed call (null) is ignored: poll again.
 */
export function pollStep(kind: PaymentKind, status: string | null): PollStep {
  if (status === 'success') return 'success';
  if (status === 'failed') return 'failed';
  if (status === null || kind === 'card' || status === 'pending') return 'continue';
  return 'stop';
}

/**
 * Why a polled payment failed, in French: the reason the status answer carries (the provider's,
 * in the envelope's message) when it gives one, else a generic one.
 */
export function failureReason(res: Pick<ApiResult<unknown>, 'message'>): string {
  return res.message.trim() || COINS_TEXT.failedReasonGeneric;
}

export function checkingText(kind: PaymentKind): string {
  if (kind === 'orange') return COINS_TEXT.checkingOrange;
  if (kind === 'moov') return COINS_TEXT.checkingMoov;
  return COINS_TEXT.checkingCard;
}
