/**
 * The one HTTP client (spec 1 §7 "shared request helper"): JSON in and out, the token in the
 * body and as a bearer header, and the redirects every screen relies on: 401 or action
 * redirect_login → /login, 403 with account_blocked → /blocked (for calls made with a session;
 * the sign-in screens show their own message first).
 */
import {
  MSG,
  isApiErrorCode,
  type ApiErrorCode,
  type TFieldErrors,
  type TPagination,
  type TRefusalExtras,
} from '@app/shared';
import { clearSession, getToken, onSessionEnd } from '../auth/session';
import { errorText } from './error-texts';
import { reportReach } from './serverReach';

/** The envelope's own keys: every answer has them, whatever its route adds. */
type EnvelopeKey = 'success' | 'message' | 'data' | 'errors' | 'error';
/** The keys of T, each absent: reading one on the other branch gives `undefined`, typed. */
type Absent<T> = { [K in keyof T]?: undefined };

/** A refusal (or no answer at all: `httpStatus` 0), with the spec's extra fields typed. */
export interface Refusal extends TRefusalExtras {
  success: false;
  /** The HTTP status; 0 when the server could not be reached. */
  httpStatus: number;
  /** The French text to show (error-texts.ts for the codes it maps, else the server's). */
  message: string;
  /** The server wrote `message` itself (else it is the client's own text for the failure). */
  fromServer: boolean;
  data?: undefined;
  errors?: TFieldErrors;
  /** The refusal's code, when the server gave a known one. */
  error?: ApiErrorCode;
}

/** An accepted answer: the route's whole envelope (`data` and its extra top-level fields). */
export type Accepted<R> = Omit<R, 'success' | 'message' | 'error'> & {
  success: true;
  httpStatus: number;
  message: string;
  error?: undefined;
};

/**
 * What a call answers, for the envelope type R the contract gives its route (`ReceivedOf`):
 * branch on `success`; a field of the other branch reads as `undefined`.
 */
export type Answer<R> =
  | (Accepted<R> & Absent<Omit<TRefusalExtras, keyof R>>)
  | (Refusal & Absent<Omit<R, EnvelopeKey | keyof TRefusalExtras>>);

/**
 * Any call's answer, read through `data` and the refusal's fields alone (helpers that serve
 * every call, `ApiError`): every `CallResult` is one. An accepted answer's own extra fields are
 * not known here, so a refusal field reads as `unknown` until `success` is checked.
 */
export type ApiResult<T = unknown> =
  | ({
      success: true;
      httpStatus: number;
      message: string;
      data?: T;
      errors?: TFieldErrors;
      pagination?: TPagination;
      error?: undefined;
      fromServer?: undefined;
    } & { [K in keyof TRefusalExtras]?: unknown })
  | Refusal;

type Navigate = (to: string) => void;
let navigateTo: Navigate = (to) => window.location.assign(to);
export const setApiNavigator = (fn: Navigate) => {
  navigateTo = fn;
};

/** The `has_more` flag of a paginated answer; `fallback` when the answer has no pagination. */
export function hasMoreOf(res: ApiResult, fallback = false): boolean {
  return res.success && res.pagination ? res.pagination.has_more : fallback;
}

export function firstError(res: { errors?: TFieldErrors; message: string }): string {
  const first = res.errors ? Object.values(res.errors)[0]?.[0] : undefined;
  return first ?? res.message;
}

/**
 * The server's own words for a refusal (its first field error, else its message), or `fallback`
 * when it wrote none (no answer, a gateway page without our JSON).
 */
export function serverWords(res: ApiResult, fallback: string): string {
  if (res.success || (!res.fromServer && !res.errors)) return fallback;
  return firstError(res) || fallback;
}

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

export class ApiError extends Error {
  constructor(
    message: string,
    readonly result: ApiResult,
  ) {
    super(message);
  }
}
