/**
 * The error codes of the API: the `error` field of every refusal envelope. The server throws
 * `AppError(code, …)` with one of these; the web maps some to French texts (api/error-texts.ts)
 * and falls back on the server's French `message` for the rest. Add a code here before using it.
 */
import { z } from 'zod';

export const API_ERROR_CODES = [
  // Framework and cross-cutting refusals (errors plugin, guards, limits)
  'validation',
  'invalid_json',
  'invalid_url',
  'invalid_data',
  'request_error',
  'not_found',
  'too_large',
  'rate_limited',
  'unauthenticated',
  'forbidden',
  'account_blocked',
  'hostile_text',
  'conflict',
  'gone',
  'unavailable',
  'internal',
  // Sign-in and account
  'bad_credentials',
  'email_taken',
  'use_password',
  'otp_cooldown',
  'otp_expired',
  'otp_incorrect',
  'reset_invalid',
  'mail_failed',
  'google_failed',
  'google_unavailable',
  'google_unconfigured',
  'already_complete',
  'client_id_taken',
  'account_blocked_multiple_creation',
  'account_created_but_blocked',
  'device_already_registered',
  'password_incorrect',
  'code_incorrect',
  'code_expired',
  // Members, announcements, chats, stories
  'announcement_rejected',
  'blocked',
  'self_swipe',
  'chat_locked',
  'chat_not_found',
  'chat_hold',
  'messaging_restricted',
  'already_joined',
  'already_read',
  // Photos and verification
  'photos_full',
  'photo_last',
  'verification_limit',
  'verification_pending',
  'already_verified',
  'selfie_duplicate',
  'verified_only',
  // Voice calls
  'call_not_open',
  'calls_off',
  'busy',
  // Media
  'audio_too_long',
  'image_too_large',
  'invalid_audio',
  'invalid_image',
  'invalid_content_type',
  'invalid_storage_key',
  // Coins and payments
  'insufficient_coins',
  'payment_id_taken',
  'payment_init_failed',
  'payment_refused',
  'provider_unavailable',
] as const;

export const ZApiErrorCode = /* @__PURE__ */ (() => z.enum(API_ERROR_CODES))();
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export const isApiErrorCode = (v: unknown): v is ApiErrorCode =>
  typeof v === 'string' && (API_ERROR_CODES as readonly string[]).includes(v);

/**
 * The top-level fields a refusal may carry besides `success`, `message`, `error` and `errors`
 * (the spec's extra fields). The server's `AppError` takes only these as `extra`, and the web
 * reads them typed from a call's answer.
 */
export interface TRefusalExtras {
  /** Where the client must go: a sign-in action, or the device rule's refusal code. */
  action?: 'redirect_login' | 'account_blocked' | ApiErrorCode;
  account_blocked?: boolean;
  otp_expired?: boolean;
  /** Seconds before the same call may be made again (a code's cooldown, a rate limit). */
  retry_after?: number;
  insufficient_coins?: boolean;
  required_coins?: number;
  user_coins?: number;
  /** An announcement refused by the text check. */
  rejected?: boolean;
  /** A chat locked for this member, with the cost of unlocking it. */
  locked?: boolean;
  is_locked_for_user?: boolean;
  unlock_cost?: number;
  is_sender?: boolean;
  /** A longer French explanation (a chat not found). */
  detail?: string;
}
