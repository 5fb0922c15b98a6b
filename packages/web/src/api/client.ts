/**
 * The one HTTP client (spec 1 §7 "shared request helper"): JSON in and out, the token in the
 * body and as a bearer header, and the redirects every screen relies on: 401 or action
 * redirect_login → /login, 403 with account_blocked → /blocked (for calls made with a session;
 * the sign-in screens show their own message first).
 */
import { MSG, isApiErrorCode, type ApiErrorCode, type TFieldErrors } from '@app/shared';
import { clearSession, getToken, onSessionEnd } from '../auth/session';
import { errorText } from './error-texts';
import { reportReach } from './serverReach';

export interface ApiResult<T> {
  success: boolean;
  status: number;
  message: string;
  data?: T;
  errors?: TFieldErrors;
  /** The refusal's code (the envelope's `error`), when the server gave a known one. */
  error?: ApiErrorCode;
  /** The whole answer, for the spec's extra top-level fields (insufficient_coins, ...). */
  raw: Record<string, unknown>;
}

type Navigate = (to: string) => void;
let navigateTo: Navigate = (to) => window.location.assign(to);
export const setApiNavigator = (fn: Navigate) => {
  navigateTo = fn;
};

/** The `has_more` flag of a paginated answer; `fallback` when the answer has no pagination. */
export function hasMoreOf(res: Pick<ApiResult<unknown>, 'raw'>, fallback = false): boolean {
  const p = res.raw.pagination;
  return typeof p === 'object' && p !== null && 'has_more' in p ? p.has_more === true : fallback;
}

export function firstError(res: Pick<ApiResult<unknown>, 'errors' | 'message'>): string {
  const first = res.errors ? Object.values(res.errors)[0]?.[0] : undefined;
  return first ?? res.message;
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

export async function api<T = unknown>(
  path: string,
  opts: RequestOptions = {},
): Promise<ApiResult<T>> {
  const { url, init, key, token } = requestOf(path, opts);
  let response: Response;
  try {
    response = await (takeEarly(key) ?? fetch(url, { ...init, signal: opts.signal }));
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    reportReach(0);
    return { success: false, status: 0, message: MSG.network, raw: {} };
  }
  reportReach(response.status);
  const raw: Record<string, unknown> = await response
    .json()
    .then((j: unknown) => (j && typeof j === 'object' ? (j as Record<string, unknown>) : {}))
    .catch(() => ({}));
  const error = isApiErrorCode(raw.error) ? raw.error : undefined;
  const message =
    typeof raw.message === 'string'
      ? errorText(error, raw.message)
      : response.ok
        ? ''
        : `Erreur ${response.status}: ${response.statusText}`;
  const result: ApiResult<T> = {
    success: response.ok && raw.success !== false,
    status: response.status,
    message,
    data: raw.data as T | undefined,
    errors: raw.errors as TFieldErrors | undefined,
    ...(error ? { error } : {}),
    raw,
  };
  if (response.status === 401 || raw.action === 'redirect_login') {
    if (!opts.anonymous && token) {
      clearSession();
      navigateTo('/login');
    }
  } else if (response.status === 403 && raw.account_blocked && token) {
    clearSession({ blocked: true });
    navigateTo('/blocked');
  }
  return result;
}

/** For TanStack Query: resolves with data, rejects with the French message. */
export async function apiData<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await api<T>(path, opts);
  if (!res.success) throw new ApiError(firstError(res) || MSG.requestError, res);
  return res.data as T;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly result: ApiResult<unknown>,
  ) {
    super(message);
  }
}
