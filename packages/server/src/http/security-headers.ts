/**
 * Browser security headers on every answer (@fastify/helmet): a strict Content-Security-Policy
 * listing only the hosts the web app really uses, no framing by anyone (the coin purchase and
 * chat unlock screens must not be clickjacked), nosniff, a Referrer-Policy, a Permissions-Policy,
 * and HSTS when the public address is https.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { Config } from '../config.js';

/** Features the app asks for (position for /near, photos, voice messages), for itself only. */
const PERMISSIONS_POLICY =
  'geolocation=(self), camera=(self), microphone=(self), payment=(), usb=()';

/** One year, the usual minimum for HSTS; subdomains are not ours to decide for. */
const HSTS_MAX_AGE_S = 365 * 24 * 3600;

/**
 * The tile server's origin from a Leaflet URL template: `https://{s}.tile.x.org/{z}/…` becomes
 * `https://*.tile.x.org` (the `{s}` subdomains a, b, c).
 */
function tileOrigin(template: string): string {
  const withHost = template.replace('{s}', 'tile-subdomain');
  const { protocol, host } = new URL(withHost.replace(/\{[a-z]+\}/g, '0'));
  return `${protocol}//${host.replace('tile-subdomain', '*')}`;
}

export type CspDirectives = Record<string, string[]>;

/** The app's policy: scripts from our origin only, never inline. */
function cspDirectives(config: Pick<Config, 'publicUrl' | 'mapTileUrl' | 's3'>): CspDirectives {
  const storage = config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : [];
  const directives: CspDirectives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    // data: for images Vite inlines into the CSS, blob: for crop previews and unsent photos.
    'img-src': ["'self'", 'data:', 'blob:', tileOrigin(config.mapTileUrl), ...storage],
    // blob: plays a voice message still waiting in the outbox.
    'media-src': ["'self'", 'blob:', ...storage],
    'font-src': ["'self'", 'data:'],
    // The API and Socket.IO (its WebSocket is same-origin, which 'self' covers).
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  if (config.publicUrl.startsWith('https:')) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * The policy with inline styles allowed, for the pages that need them and hold no member input
 * in style: Swagger UI (/api/docs) and the dev outbox. Scripts stay 'self' only.
 */
export function allowInlineStyles(header: string | number | string[]): string {
  return String(header).replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'");
}

export const securityHeaders = fp(async (app: FastifyInstance) => {
  const { config } = app.deps;
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // Keeps our window out of reach of pages we redirect to (Google, payment checkout).
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Only the origin goes to other sites (the tile server wants one), never a page's path.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.publicUrl.startsWith('https:')
      ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: false }
      : false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
  });
});
