/** Accounts contract (spec 1 §3–§9): the zod payload schemas. */
import { z } from 'zod';
import { AUTH_MSG, PASSWORD_MIN_LENGTH } from './auth-rules.js';

const email = z
  .string({ error: AUTH_MSG.fillAll })
  .trim()
  .toLowerCase()
  .min(1, AUTH_MSG.fillAll)
  .max(254, AUTH_MSG.invalidEmail)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, AUTH_MSG.invalidEmail);
const password = z.string({ error: AUTH_MSG.fillAll }).min(1, AUTH_MSG.fillAll).max(200);
/** The longest device hash accepted (and stored: sign-in records keep no more than this). */
export const DEVICE_HASH_MAX = 200;
const deviceHash = z.string().trim().max(DEVICE_HASH_MAX).optional().nullable();

export const ZLoginRequest = z.object({ email, password, device_hash: deviceHash });
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZRegisterRequest = z.object({
  email,
  password: z
    .string({ error: AUTH_MSG.fillAll })
    .min(1, AUTH_MSG.fillAll)
    .min(PASSWORD_MIN_LENGTH, AUTH_MSG.passwordTooShort)
    .max(200),
  device_hash: deviceHash,
  invitation_code: z.string().trim().max(32).optional().nullable(),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZOtpCode = z
  .string({ error: AUTH_MSG.otpFormat })
  .trim()
  .regex(/^\d{6}$/, AUTH_MSG.otpFormat);
export const ZVerifyOtpRequest = z.object({ email, otp_code: ZOtpCode });
export const ZResendOtpRequest = z.object({ email });
export const ZForgotPasswordRequest = z.object({ email });
export const ZResetPasswordRequest = z.object({
  email,
  code: ZOtpCode,
  password: ZRegisterRequest.shape.password,
});

export const ZGoogleCallbackRequest = z.object({
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(200),
  device_hash: deviceHash,
});
