/**
 * Google sign-in with OpenID Connect (openid-client): `start` stores a fresh state, nonce and
 * PKCE verifier and gives the provider's address; `finish` takes that state once, exchanges the
 * code and returns the verified identity. The redirect goes to the SPA's /auth/google/callback,
 * which posts code and state to the API. Null when GOOGLE_* is not configured.
 */
import * as oidc from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import { AUTH_MSG } from '@app/shared';
import { ConfigError, type Config } from '../../config/index.js';
import { AppError } from '../../errors.js';

export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
  /** The device hash given to `start`, for the multi-account check. */
  deviceHash: string | null;
}

/**
 * Where sign-ins in flight are kept between `start` and `finish` (the auth module's
 * oauth-state.repository.ts on the database, so any server copy can finish a flow).
 */
export interface OAuthStateStore {
  save(row: {
    state: string;
    codeVerifier: string;
    nonce: string;
    deviceHash: string | null;
  }): Promise<void>;
  /** Takes the state once; `fresh` false once past its life; undefined if unknown. */
  take(
    state: string,
  ): Promise<
    { code_verifier: string; nonce: string; device_hash: string | null; fresh: boolean } | undefined
  >;
  dropExpired(): Promise<void>;
}

export interface GoogleAuth {
  /** `state` is for the caller to bind the flow to the browser (see google-browser.ts). */
  start(deviceHash: string | null): Promise<{ redirectUrl: string; state: string }>;
  /** `iss` when the SPA forwards it (RFC 9207); Google sends none. */
  finish(params: { code: string; state: string; iss?: string | null }): Promise<GoogleIdentity>;
}

type GoogleLog = Pick<FastifyBaseLogger, 'warn' | 'info'>;
const silentLog: GoogleLog = { warn: () => undefined, info: () => undefined };

const failed = (status: 400 | 401) =>
  new AppError('google_failed', AUTH_MSG.googleFailed, { status });

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

export function createGoogleAuth(
  config: Pick<Config, 'google' | 'publicUrl' | 'isProduction'>,
  states: OAuthStateStore,
  log: GoogleLog = silentLog,
): GoogleAuth | null {
  const google = config.google;
  if (!google) return null;
  const issuer = new URL(google.issuer);
  const insecure = issuer.protocol === 'http:';
  if (insecure && config.isProduction) {
    throw new ConfigError('GOOGLE_ISSUER: doit commencer par https:// en production');
  }
  const redirectUri = `${config.publicUrl}/auth/google/callback`;

  // Discovered once; a failure is forgotten so the next sign-in tries again.
  let discovered: Promise<oidc.Configuration> | null = null;
  const configuration = async (message: string, status: number) => {
    discovered ??= oidc.discovery(
      issuer,
      google.clientId,
      undefined,
      oidc.ClientSecretPost(google.clientSecret),
      { execute: insecure ? [oidc.allowInsecureRequests] : [], timeout: 10 },
    );
    try {
      return await discovered;
    } catch (err) {
      discovered = null;
      log.warn({ err }, 'découverte OpenID Google impossible');
      throw new AppError('google_unavailable', message, { status });
    }
  };

  async function readIdentity(
    conf: oidc.Configuration,
    tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
  ) {
    const claims = tokens.claims();
    if (!claims) throw failed(401);
    let { email, email_verified: verified, name } = claims;
    // Providers that follow the core spec strictly put these in UserInfo, not the ID token.
    if (!text(email)) {
      const info = await oidc.fetchUserInfo(conf, tokens.access_token, claims.sub);
      ({ email, email_verified: verified, name } = info);
    }
    return {
      sub: claims.sub,
      email: text(email)?.toLowerCase() ?? null,
      emailVerified: verified === true || verified === 'true',
      name: text(name),
    };
  }

  return {
    async start(deviceHash) {
      const conf = await configuration(AUTH_MSG.googleInit, 503);
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      await states.dropExpired();
      await states.save({ state, codeVerifier, nonce, deviceHash });
      const url = oidc.buildAuthorizationUrl(conf, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { redirectUrl: url.href, state };
    },

    async finish({ code, state, iss }) {
      const saved = await states.take(state);
      if (!saved?.fresh) throw failed(400);
      const conf = await configuration(AUTH_MSG.googleFailed, 503);
      const callback = new URL(redirectUri);
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', state);
      // Our one issuer stands in when the SPA does not forward `iss`: with a single issuer
      // there is no mix-up to detect.
      callback.searchParams.set('iss', iss ?? conf.serverMetadata().issuer);
      let identity: Awaited<ReturnType<typeof readIdentity>>;
      try {
        const tokens = await oidc.authorizationCodeGrant(conf, callback, {
          pkceCodeVerifier: saved.code_verifier,
          expectedState: state,
          expectedNonce: saved.nonce,
          idTokenExpected: true,
        });
        identity = await readIdentity(conf, tokens);
      } catch (err) {
        if (err instanceof AppError) throw err;
        log.warn({ err }, 'échange du code Google refusé');
        throw failed(401);
      }
      if (!identity.email || !identity.emailVerified) {
        log.info({ sub: identity.sub }, 'connexion Google refusée : email non vérifié');
        throw failed(401);
      }
      return {
        ...identity,
        email: identity.email,
        emailVerified: true,
        deviceHash: saved.device_hash,
      };
    },
  };
}
