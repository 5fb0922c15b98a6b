/**
 * Counts the bytes a page and its service worker move over the network, both ways, from
 * Chromium's own accounting (DevTools protocol):
 * - responses: each one's `encodedDataLength` at `loadingFinished` (headers and body as they
 *   crossed the wire, compressed; on HTTP/2 the headers are HPACK's block as received, counted
 *   with the body, as DevTools cannot tell them apart there), and what a cancelled request had
 *   received when it failed;
 * - request headers: the fields Chromium actually sent (`requestWillBeSentExtraInfo`, cookies and
 *   HTTP/2 pseudo-headers included; the WebSocket handshake's too), each counted as
 *   `name: value\r\n`, the header list uncompressed. On HTTP/1.1 that is what is sent; on
 *   HTTP/2 it is an upper bound, as HPACK sends a field already sent on the connection as an
 *   index of a byte or two, and the rest Huffman-coded. DevTools does not give the compressed
 *   size of what was sent; a byte counter on the socket (front.ts) shows the real total;
 * - request bodies sent (uploads, JSON posts) and WebSocket frames' payloads both ways.
 *
 * The service worker is another target: the page's session auto-attaches to it (the worker waits
 * for us before it runs) and turns its Network domain on, so its precache and runtime fetches
 * are counted. A response the page got from the service worker costs nothing itself: the
 * worker's own fetch, if it went to the network, is what is counted. Responses from the HTTP
 * cache cost nothing either.
 */
import type { CDPSession, Page } from 'playwright-core';

/** What was received by content, then what was sent: request headers, then request bodies. */
export const CATEGORIES = [
  'HTML',
  'JS',
  'CSS',
  'API',
  'Images',
  'WebSocket',
  'Other',
  'Request headers',
  'Upload',
] as const;
type Category = (typeof CATEGORIES)[number];

type Source = 'page' | 'sw' | 'outside';

interface Pending {
  source: Source;
  url: string;
  type: string;
  mime: string;
  /** content-encoding of the answer ('none' without one). */
  encoding: string;
  /** Response headers as received, when DevTools gave them. */
  headerBytes: number | null;
  /**
   * HTTP/2 or 3: the header block is HPACK-compressed and DevTools gives no size of its own for
   * it (`responseReceived`'s count holds the body too when it came in first), so the response is
   * counted whole, headers not told apart from the body.
   */
  headersOnWire: boolean;
  /** Answered by the service worker (page side) or from a cache: no bytes of its own. */
  free: boolean;
  /** Received so far, for a request that fails half-way. */
  received: number;
  /** A long poll or an event stream: never "in flight" for the quiet check. */
  lasting: boolean;
  startedAt: number;
}

/** One count: a response (headers and body), request headers or body sent, a WebSocket frame. */
export interface Item {
  kind: 'response' | 'request-headers' | 'body' | 'frame';
  category: Category;
  source: Source;
  bytes: number;
  url: string;
}

export interface Tally {
  /** Bytes per category, both directions. */
  bytes: Record<Category, number>;
  /** Of those, sent: request headers and bodies, WebSocket frames sent. */
  sent: number;
  /** Of those, response headers told apart: HTTP/1.1's only (the WebSocket handshake). */
  headers: number;
  /** Of those, request headers (uncompressed: see above), and in how many requests. */
  requestHeaders: number;
  requestsSent: number;
  /** Responses by content-encoding (bodies; with their headers on HTTP/2). */
  encodings: Map<string, number>;
  /** Of those, moved by the service worker's own fetches, and in how many responses. */
  serviceWorker: number;
  serviceWorkerRequests: number;
  /** Responses that cost bytes. */
  requests: number;
  /** Responses per same-origin path, for the check against the build (as `encodings`). */
  bodiesByPath: Map<string, number>;
  items: Item[];
}

const emptyTally = (): Tally => ({
  bytes: {
    HTML: 0,
    JS: 0,
    CSS: 0,
    API: 0,
    Images: 0,
    WebSocket: 0,
    Other: 0,
    'Request headers': 0,
    Upload: 0,
  },
  sent: 0,
  headers: 0,
  requestHeaders: 0,
  requestsSent: 0,
  encodings: new Map(),
  serviceWorker: 0,
  serviceWorkerRequests: 0,
  requests: 0,
  bodiesByPath: new Map(),
  items: [],
});

export const totalOf = (t: Tally) => CATEGORIES.reduce((sum, c) => sum + t.bytes[c], 0);

/** What a response is, by address, resource type and MIME type. */
function categoryOf(url: string, type: string, mime: string): Category {
  const { pathname } = new URL(url);
  if (pathname.startsWith('/socket.io/')) return 'WebSocket';
  // Images first: a chat photo comes from /api/media/..., it is still an image.
  if (
    pathname.startsWith('/uploads/') ||
    type === 'Image' ||
    mime.startsWith('image/') ||
    /\.(png|jpe?g|webp|avif|gif|svg|ico)$/i.test(pathname)
  ) {
    return 'Images';
  }
  if (pathname.startsWith('/api/')) return 'API';
  if (type === 'Script' || mime.includes('javascript') || /\.m?js$/.test(pathname)) return 'JS';
  if (type === 'Stylesheet' || mime === 'text/css' || pathname.endsWith('.css')) return 'CSS';
  if (type === 'Document' || mime === 'text/html') return 'HTML';
  return 'Other';
}

/** Bytes of a request body as DevTools shows it (entries are base64). */
function bodyBytes(entries: unknown): number {
  if (!Array.isArray(entries)) return 0;
  return entries.reduce<number>(
    (sum, e) => sum + (isRecord(e) && typeof e.bytes === 'string' ? base64Length(e.bytes) : 0),
    0,
  );
}

const base64Length = (b64: string) => Buffer.from(b64, 'base64').length;

/** A WebSocket frame's payload: text frames are UTF-8, binary ones come base64. */
function framePayloadBytes(response: { opcode: number; payloadData: string }): number {
  return response.opcode === 1
    ? Buffer.byteLength(response.payloadData, 'utf8')
    : base64Length(response.payloadData);
}

/** Header bytes as sent on HTTP/1.1: the raw text when given, else `name: value\r\n` each. */
export function headerSize(headersText: unknown, headers: unknown): number | null {
  if (typeof headersText === 'string' && headersText) return Buffer.byteLength(headersText);
  if (!isRecord(headers)) return null;
  // DevTools joins repeated fields (two Set-Cookie) with a newline: each is a field of its own.
  return Object.entries(headers).reduce(
    (sum, [k, v]) =>
      sum +
      String(v)
        .split('\n')
        .reduce((s, value) => s + Buffer.byteLength(`${k}: ${value}\r\n`), 0),
    2,
  );
}

function headerValue(headers: unknown, name: string): string {
  if (!isRecord(headers)) return '';
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key ? String(headers[key]) : '';
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' ? v : 0);
const rec = (v: unknown): Record<string, unknown> => (isRecord(v) ? v : {});

export class SessionMeter {
  private tally = emptyTally();
  private pending = new Map<string, Pending>();
  /** Header sizes from `responseReceivedExtraInfo`, which may come before or after the rest. */
  private extraHeaders = new Map<string, number>();
  /** Request headers counted before their request's address was known, by request. */
  private unaddressed = new Map<string, Item>();
  private lastActivity = Date.now();
  private nextWorkerMessageId = 1;
  private cdp: CDPSession | null = null;
  /** Service worker sessions (non-flat: their messages come wrapped in the page's session). */
  private workers = new Set<string>();
  /** The Accept-Encoding the browser sends, to fetch as it does what it loads out of sight. */
  acceptEncoding = '';

  constructor(private readonly origin: string) {}

  /** Starts counting for `page` (call before its first navigation). */
  async attach(page: Page, connectionType: 'cellular4g' | 'wifi') {
    const cdp = await page.context().newCDPSession(page);
    this.cdp = cdp;
    // The page's events and the worker's share one path: method and loosely typed params.
    const network = [
      'Network.requestWillBeSent',
      'Network.responseReceived',
      'Network.responseReceivedExtraInfo',
      'Network.requestWillBeSentExtraInfo',
      'Network.requestServedFromCache',
      'Network.dataReceived',
      'Network.loadingFinished',
      'Network.loadingFailed',
    ] as const;
    for (const method of network) {
      cdp.on(method, (params) => this.onNetwork('page', method, rec(params)));
    }
    cdp.on('Network.webSocketFrameSent', (e) => this.onFrame(true, e.response));
    cdp.on('Network.webSocketFrameReceived', (e) => this.onFrame(false, e.response));
    // The upgrade, on HTTP/1.1 of its own: the request's headers and the response's.
    cdp.on('Network.webSocketWillSendHandshakeRequest', (e) => {
      this.addRequestHeaders('page', '', headerSize(null, e.request.headers) ?? 0);
    });
    cdp.on('Network.webSocketHandshakeResponseReceived', (e) => {
      const bytes = headerSize(e.response.headersText, e.response.headers) ?? 0;
      this.tally.bytes.WebSocket += bytes;
      this.tally.headers += bytes;
      this.tally.items.push({
        kind: 'frame',
        category: 'WebSocket',
        source: 'page',
        bytes,
        url: '',
      });
    });
    cdp.on('Target.attachedToTarget', (e) => void this.onAttached(e));
    cdp.on('Target.detachedFromTarget', (e) => e.sessionId && this.workers.delete(e.sessionId));
    cdp.on('Target.receivedMessageFromTarget', (e) => {
      if (!e.sessionId || !this.workers.has(e.sessionId)) return;
      const message: unknown = JSON.parse(e.message);
      // Replies to our commands have an id and no method.
      if (isRecord(message) && typeof message.method === 'string') {
        this.onNetwork('sw', message.method, rec(message.params));
      }
    });
    await cdp.send('Network.enable', { maxPostDataSize: 50_000_000 });
    // The phone's connection as the page sees it (navigator.connection.type): the app decides
    // from it whether to fetch ahead. The type applies only with throttling on; it is set far
    // above what the session needs, so nothing is slowed down.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 1,
      downloadThroughput: 50_000_000,
      uploadThroughput: 50_000_000,
      connectionType,
    });
    // Non-flat auto-attach: Playwright keeps the flat sessions to itself, these come to us
    // wrapped. The service worker waits for us before it runs.
    await cdp.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: true,
      flatten: false,
    });
  }

  async detach() {
    const cdp = this.cdp;
    this.cdp = null;
    this.workers.clear();
    await cdp?.detach().catch(() => undefined);
  }

  /** What was counted since the last `take`, and a fresh count from now on. */
  take(): Tally {
    const t = this.tally;
    this.tally = emptyTally();
    return t;
  }

  /** Whether a response for `path` (same origin) was counted since the last `take`. */
  saw(path: string): boolean {
    return this.tally.bodiesByPath.has(path);
  }

  /** A transfer the browser makes out of DevTools' sight, measured by the caller. */
  addOutside(
    url: string,
    sent: { headerBytes: number },
    got: { headerBytes: number; bodyBytes: number; encoding: string },
  ) {
    this.addRequestHeaders('outside', url, sent.headerBytes);
    const p = this.newPending('outside', url, 'Script', false);
    p.encoding = got.encoding;
    p.headerBytes = got.headerBytes;
    this.addResponse(p, got.headerBytes + got.bodyBytes);
  }

  /**
   * Resolves once nothing has been in flight for `quietMs` (long polls, and requests open for
   * over 15 s, aside), or after `maxMs` whatever the state.
   */
  async settle(quietMs = 2_000, maxMs = 30_000) {
    const deadline = Date.now() + maxMs;
    while (Date.now() < deadline) {
      const now = Date.now();
      const busy = [...this.pending.values()].some((p) => !p.lasting && now - p.startedAt < 15_000);
      if (!busy && now - this.lastActivity >= quietMs) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  private async onAttached(e: {
    sessionId: string;
    targetInfo: { type: string };
    waitingForDebugger: boolean;
  }) {
    const send = (method: string, params: object = {}) =>
      this.cdp?.send('Target.sendMessageToTarget', {
        sessionId: e.sessionId,
        message: JSON.stringify({ id: this.nextWorkerMessageId++, method, params }),
      });
    try {
      if (e.targetInfo.type === 'service_worker') {
        this.workers.add(e.sessionId);
        await send('Network.enable', { maxPostDataSize: 50_000_000 });
      }
      if (e.waitingForDebugger) await send('Runtime.runIfWaitingForDebugger');
    } catch {
      // The page or the worker went away meanwhile: nothing more to count there.
    }
  }

  private onNetwork(source: Source, method: string, p: Record<string, unknown>) {
    const key = `${source}:${str(p.requestId)}`;
    const pending = this.pending.get(key);
    if (!method.endsWith('ExtraInfo')) this.lastActivity = Date.now();
    switch (method) {
      case 'Network.requestWillBeSent':
        return this.onRequest(source, key, p);
      case 'Network.requestWillBeSentExtraInfo':
        // Sent for each request that went to the network (not one answered by the service
        // worker or a cache), once per hop of a redirect.
        this.acceptEncoding ||= headerValue(p.headers, 'accept-encoding');
        this.addRequestHeaders(source, pending?.url ?? '', headerSize(null, p.headers) ?? 0, key);
        return;
      case 'Network.responseReceivedExtraInfo': {
        // The raw text is given on HTTP/1.1 only; HTTP/2's come from `responseReceived`.
        if (typeof p.headersText !== 'string' || !p.headersText) return;
        const size = headerSize(p.headersText, p.headers);
        if (size !== null) this.extraHeaders.set(key, size);
        return;
      }
      case 'Network.responseReceived': {
        if (!pending) return;
        const r = rec(p.response);
        pending.mime = str(r.mimeType);
        if (str(p.type)) pending.type = str(p.type);
        pending.encoding = headerValue(r.headers, 'content-encoding') || 'none';
        const protocol = str(r.protocol);
        if (protocol === 'h2' || protocol === 'h3') pending.headersOnWire = true;
        else pending.headerBytes ??= headerSize(r.headersText, r.headers);
        if (r.fromServiceWorker === true || r.fromDiskCache === true) pending.free = true;
        if (r.fromPrefetchCache === true) pending.free = true;
        return;
      }
      case 'Network.requestServedFromCache':
        if (pending) pending.free = true;
        return;
      case 'Network.dataReceived':
        if (pending) pending.received += num(p.encodedDataLength);
        return;
      case 'Network.loadingFinished':
      case 'Network.loadingFailed': {
        if (!pending) return;
        this.pending.delete(key);
        const extra = this.extraHeaders.get(key);
        this.extraHeaders.delete(key);
        if (extra !== undefined && !pending.headersOnWire) pending.headerBytes = extra;
        const bytes =
          method === 'Network.loadingFinished' ? num(p.encodedDataLength) : pending.received;
        if (!pending.free && bytes > 0) this.addResponse(pending, bytes);
        return;
      }
    }
  }

  private newPending(source: Source, url: string, type: string, lasting: boolean): Pending {
    return {
      source,
      url,
      type,
      mime: '',
      encoding: 'none',
      headerBytes: null,
      headersOnWire: false,
      free: false,
      received: 0,
      lasting,
      startedAt: Date.now(),
    };
  }

  private onRequest(source: Source, key: string, e: Record<string, unknown>) {
    const unaddressed = this.unaddressed.get(key);
    if (unaddressed) {
      unaddressed.url = str(rec(e.request).url);
      this.unaddressed.delete(key);
    }
    const before = this.pending.get(key);
    const redirect = rec(e.redirectResponse);
    // A redirect: the same request id goes on to the new address; the 3xx answer was paid for.
    if (before && num(redirect.encodedDataLength) > 0) {
      before.headerBytes = num(redirect.encodedDataLength);
      this.addResponse(before, num(redirect.encodedDataLength));
    }
    const request = rec(e.request);
    const url = str(request.url);
    if (!/^https?:/.test(url)) return;
    const type = str(e.type);
    const lasting =
      type === 'EventSource' || (url.includes('/socket.io/') && url.includes('transport=polling'));
    const p = this.newPending(source, url, type, lasting);
    this.pending.set(key, p);
    const body = bodyBytes(request.postDataEntries);
    if (body > 0) {
      this.addBody(p, body);
    } else if (request.hasPostData === true && source === 'page') {
      // A body DevTools does not inline (a file, a blob): asked for while the request lives.
      void this.fetchBody(str(e.requestId), p);
    }
  }

  private async fetchBody(requestId: string, p: Pending) {
    try {
      const r = await this.cdp?.send('Network.getRequestPostData', { requestId });
      if (!r) return;
      const bytes = r.base64Encoded ? base64Length(r.postData) : Buffer.byteLength(r.postData);
      if (bytes > 0) this.addBody(p, bytes);
    } catch {
      // Gone with its request: nothing to count.
    }
  }

  private onFrame(sent: boolean, response: { opcode: number; payloadData: string }) {
    this.lastActivity = Date.now();
    const bytes = framePayloadBytes(response);
    this.tally.bytes.WebSocket += bytes;
    this.tally.items.push({ kind: 'frame', category: 'WebSocket', source: 'page', bytes, url: '' });
    if (sent) this.tally.sent += bytes;
  }

  /**
   * `key`: the request's, when its address is not known yet (the extra info may come before
   * `requestWillBeSent`), so the count is put under it once known.
   */
  private addRequestHeaders(source: Source, url: string, bytes: number, key?: string) {
    const t = this.tally;
    const item: Item = { kind: 'request-headers', category: 'Request headers', source, bytes, url };
    t.bytes['Request headers'] += bytes;
    t.requestHeaders += bytes;
    t.requestsSent += 1;
    t.sent += bytes;
    t.items.push(item);
    if (!url && key) this.unaddressed.set(key, item);
  }

  /** A request body sent: counted as an upload, whatever the address. */
  private addBody(p: Pending, bytes: number) {
    this.tally.bytes.Upload += bytes;
    this.tally.sent += bytes;
    this.tally.items.push({
      kind: 'body',
      category: 'Upload',
      source: p.source,
      bytes,
      url: p.url,
    });
  }

  private addResponse(p: Pending, bytes: number) {
    const t = this.tally;
    const headers = Math.min(p.headerBytes ?? 0, bytes);
    const body = bytes - headers;
    this.count(p, bytes, 'response');
    t.requests += 1;
    t.headers += headers;
    t.encodings.set(p.encoding, (t.encodings.get(p.encoding) ?? 0) + body);
    if (p.source === 'sw') {
      t.serviceWorker += bytes;
      t.serviceWorkerRequests += 1;
    }
    const url = new URL(p.url);
    if (url.origin === this.origin) {
      t.bodiesByPath.set(url.pathname, (t.bodiesByPath.get(url.pathname) ?? 0) + body);
    }
  }

  private count(p: Pending, bytes: number, kind: Item['kind']) {
    const category = categoryOf(p.url, p.type, p.mime);
    this.tally.bytes[category] += bytes;
    this.tally.items.push({ kind, category, source: p.source, bytes, url: p.url });
  }
}
