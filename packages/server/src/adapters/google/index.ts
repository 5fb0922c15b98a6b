/** Google sign-in adapter (OpenID Connect), null when GOOGLE_* is not configured. */
export { createGoogleAuth } from './google-auth.js';
export type { GoogleAuth, GoogleIdentity } from './google-auth.js';
export { OAUTH_STATE_TTL_MIN } from './oauth-state.repository.js';
