/**
 * Browser security headers (@fastify/helmet): on every page, a strict Content-Security-Policy
 * listing only the hosts the web app really uses, no framing by anyone (the coin purchase and
 * chat unlock screens must not be clickjacked), nosniff, a Referrer-Policy, a Permissions-Policy,
 * and HSTS when the public address is https. Other answers (API, files, media) carry nosniff,
 * HSTS, no framing and a policy that lets nothing load, without the page-only headers.
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
  // A JSON answer, a photo or a script is not a page: the page policy (some 900 bytes on each
  // of the hundreds of answers a session makes, billed to the member) gives way to the
  // strictest one, which also stops it from being framed or run as a page if ever opened.
  // Pages and the service worker (whose policy is read from its own script's answer) keep all.
  app.addHook('onSend', async (req, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') || req.url.split('?')[0] === '/sw.js') return payload;
    reply.header('Content-Security-Policy', NOT_A_PAGE_POLICY);
    for (const name of PAGE_ONLY_HEADERS) reply.removeHeader(name);
    return payload;
  });
});

/** The policy of an answer that is not a page: nothing may load from it, nobody may frame it. */
export const NOT_A_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Headers that only mean something on a page (a document), dropped from other answers. */
const PAGE_ONLY_HEADERS = [
  'permissions-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
