/** Accounts contract (spec 1 §3–§9): the zod payload schemas. */
import { z } from 'zod';
import { zText } from './text.js';
import { AUTH_ACTIONS, AUTH_MSG, PASSWORD_MIN_LENGTH } from './auth-rules.js';

const email = zText({ error: AUTH_MSG.fillAll })
  .trim()
  .toLowerCase()
  .min(1, AUTH_MSG.fillAll)
  .max(254, AUTH_MSG.invalidEmail)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, AUTH_MSG.invalidEmail);
const password = zText({ error: AUTH_MSG.fillAll }).min(1, AUTH_MSG.fillAll).max(200);
/** The longest device hash accepted (and stored: sign-in records keep no more than this). */
export const DEVICE_HASH_MAX = 200;
const deviceHash = zText().trim().max(DEVICE_HASH_MAX).optional().nullable();

export const ZLoginRequest = z.object({ email, password, device_hash: deviceHash });
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZRegisterRequest = z.object({
  email,
  password: zText({ error: AUTH_MSG.fillAll })
    .min(1, AUTH_MSG.fillAll)
    .min(PASSWORD_MIN_LENGTH, AUTH_MSG.passwordTooShort)
    .max(200),
  device_hash: deviceHash,
  invitation_code: zText().trim().max(32).optional().nullable(),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZOtpCode = zText({ error: AUTH_MSG.otpFormat })
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
  code: zText().min(1).max(2000),
  state: zText().min(1).max(200),
  device_hash: deviceHash,
});

// --- answers -------------------------------------------------------------------------------

const lazySchema = <T>(build: () => T): T => build();

/** `data` of /login, /register and /auth/google/callback: the session and where to go. */
export const ZAuthSession = /* @__PURE__ */ lazySchema(() =>
  z.object({
    token: z.string(),
    action: z.enum(AUTH_ACTIONS),
    profile_complete: z.boolean(),
  }),
);
export type TAuthSession = z.infer<typeof ZAuthSession>;

/** The calls whose only payload is the session token (body `token`, or the bearer header). */
export const ZSessionOnlyRequest = /* @__PURE__ */ lazySchema(() =>
  z.preprocess((v) => v ?? {}, z.object({ token: zText().optional() })),
);

/** GET /auth/google: the device hash travels to the provider's state and back. */
export const ZGoogleStartQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({ device_hash: zText().max(DEVICE_HASH_MAX).optional() }),
);
