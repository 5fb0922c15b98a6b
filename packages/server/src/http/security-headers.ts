/**
 * Browser security headers (helmet): on every page, a strict Content-Security-Policy
 * listing only the hosts the web app really uses, no framing by anyone (the coin purchase and
 * chat unlock screens must not be clickjacked), nosniff, a Referrer-Policy, a Permissions-Policy,
 * and HSTS when the public address is https. Other answers (API, files, media) carry nosniff,
 * HSTS, no framing and a policy that lets nothing load, without the page-only headers.
 *
 * Helmet's headers depend on the config only, so they are worked out once, at start: its
 * Fastify plugin built every middleware again and parsed the policy on each request, about a
 * sixth of the CPU time of a light API call.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config/index.js';

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

/** The headers helmet's middleware sets with `options`, recorded from one dry run. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // Helmet only sets and removes headers (no directive here is a per-request function).
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    if (err) throw err;
  });
  return headers;
}

/** The answer is a page (or the service worker, whose policy is read from its own script). */
function isPage(url: string, contentType: unknown) {
  return String(contentType ?? '').startsWith('text/html') || url.split('?')[0] === '/sw.js';
}

export const securityHeaders = fp(async (app: FastifyInstance) => {
  const { config } = app.deps;
  const all = helmetHeaders({
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
  all['permissions-policy'] = PERMISSIONS_POLICY;
  const onEveryAnswer = Object.fromEntries(
    Object.entries(all).filter(([name]) => !PAGE_ONLY_HEADERS.includes(name)),
  );
  const onPagesOnly = Object.fromEntries(
    Object.entries(all).filter(([name]) => PAGE_ONLY_HEADERS.includes(name)),
  );

  // From the start, so a handler can read the page policy and adjust it (the dev outbox).
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(onEveryAnswer);
    done();
  });
  // A JSON answer, a photo or a script is not a page: the page policy (some 900 bytes on each
  // of the hundreds of answers a session makes, billed to the member) gives way to the
  // strictest one, which also stops it from being framed or run as a page if ever opened, and
  // the page-only headers are left off. Pages and the service worker get them all.
  // A 304 carries no policy: the browser lays its headers over the copy it kept, and a
  // kept page (the service worker's copy of /login.html) must keep the page policy.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (reply.statusCode === 304) reply.removeHeader('Content-Security-Policy');
    else if (isPage(req.url, reply.getHeader('content-type'))) reply.headers(onPagesOnly);
    else reply.header('Content-Security-Policy', NOT_A_PAGE_POLICY);
    done(null, payload);
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
