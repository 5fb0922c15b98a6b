/** Google sign-in adapter (OpenID Connect), null when GOOGLE_* is not configured. */
export { createGoogleAuth } from './google-auth.js';
export type { GoogleAuth, GoogleIdentity, OAuthStateStore } from './google-auth.js';
