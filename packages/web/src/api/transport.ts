/**
 * The one HTTP client (spec 1 §7 "shared request helper"), used by api/call.ts alone (the import
 * laws keep it inside api/): JSON in and out, the token in the body and as a bearer header, and the redirects every screen relies on: 401 or action
 * redirect_login → /login, 403 with account_blocked → /blocked (for calls made with a session;
 * the sign-in screens show their own message first).
 */
import { MSG, isApiErrorCode } from '@app/shared';
import { clearSession, getToken, onSessionEnd } from '../auth/session';
import { navigateTo, type Answer } from './client';
import { errorText } from './error-texts';
import { reportReach } from './serverReach';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: Record<string, unknown> | FormData;
  signal?: AbortSignal;
  /** Public calls do not add the token (stories, announcements feed). */
  anonymous?: boolean;
}

/** The request `api` sends for this path and these options, with the stored session. */
function requestOf(path: string, opts: RequestOptions) {
  const token = opts.anonymous ? null : getToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) {
    if (token && !opts.body.has('token')) opts.body.set('token', token);
    body = opts.body;
  } else if (opts.body || opts.method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify({ ...(token ? { token } : {}), ...(opts.body ?? {}) });
  }
  const method = opts.method ?? (body ? 'POST' : 'GET');
  const init = { method, headers, body: method === 'GET' ? undefined : body };
  // Same URL, method, session and JSON body: the same request (a form is never started early).
  const key =
    typeof init.body === 'string' || init.body === undefined
      ? `${method} ${path} ${token ?? ''} ${init.body ?? ''}`
      : null;
  return { url: `/api${path}`, init, key, token };
}

/**
 * Requests started before the screen that needs them has loaded (boot.ts): the first `api` call
 * asking the very same request takes the answer on its way instead of asking again; once.
 */
const early = new Map<string, { at: number; answer: Promise<Response> }>();
/** An early answer not taken by then is left: a later call asks afresh. */
const EARLY_MAX_AGE_MS = 15_000;
// A session's early answers are its own: none is handed to the next member on this browser.
onSessionEnd(() => early.clear());

export function startEarly(path: string, opts: RequestOptions = {}) {
  const { url, init, key } = requestOf(path, opts);
  if (key === null || early.has(key)) return;
  const answer = fetch(url, init);
  answer.catch(() => early.delete(key));
  early.set(key, { at: Date.now(), answer });
}

function takeEarly(key: string | null): Promise<Response> | undefined {
  if (key === null) return undefined;
  const started = early.get(key);
  early.delete(key);
  return started && Date.now() - started.at <= EARLY_MAX_AGE_MS ? started.answer : undefined;
}

/**
 * Sends the request and reads the envelope. R is the envelope the caller expects (`call` gives
 * the contract's); the answer is the server's JSON with the HTTP status and the French message.
 */
export async function api<R = { success: boolean; data?: unknown }>(
  path: string,
  opts: RequestOptions = {},
): Promise<Answer<R>> {
  const { url, init, key, token } = requestOf(path, opts);
  let response: Response;
  try {
    response = await (takeEarly(key) ?? fetch(url, { ...init, signal: opts.signal }));
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    reportReach(0);
    return { success: false, httpStatus: 0, message: MSG.network, fromServer: false } as Answer<R>;
  }
  reportReach(response.status);
  const body: Record<string, unknown> = await response
    .json()
    .then((j: unknown) => (j && typeof j === 'object' ? (j as Record<string, unknown>) : {}))
    .catch(() => ({}));
  const error = isApiErrorCode(body.error) ? body.error : undefined;
  const success = response.ok && body.success !== false;
  const message =
    typeof body.message === 'string'
      ? errorText(error, body.message)
      : response.ok
        ? ''
        : `Erreur ${response.status}: ${response.statusText}`;
  // The envelope as the server wrote it (its schema is the contract's), with the client's reading.
  const result = {
    ...body,
    success,
    httpStatus: response.status,
    message,
    ...(success ? {} : { fromServer: typeof body.message === 'string' && body.message !== '' }),
    error: success ? undefined : error,
  } as Answer<R>;
  if (response.status === 401 || body.action === 'redirect_login') {
    if (!opts.anonymous && token) {
      clearSession();
      navigateTo('/login');
    }
  } else if (response.status === 403 && body.account_blocked && token) {
    clearSession({ blocked: true });
    navigateTo('/blocked');
  }
  return result;
}
