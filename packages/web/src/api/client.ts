/**
 * What a call to the server answers, and the helpers every caller reads it with: the typed
 * envelope (`Answer`, `ApiResult`, `CallResult`), the first error, the pagination flag, the
 * server's own words, `ApiError`, and where the client sends the member (setApiNavigator).
 * The request itself is api/transport.ts, reached only through api/call.ts.
 */
import type {
  ApiErrorCode,
  ReceivedOf,
  RouteName,
  TFieldErrors,
  TPagination,
  TRefusalExtras,
} from '@app/shared';

/** The envelope's own keys: every answer has them, whatever its route adds. */
type EnvelopeKey = 'success' | 'message' | 'data' | 'errors' | 'error';
/** The keys of T, each absent: reading one on the other branch gives `undefined`, typed. */
type Absent<T> = { [K in keyof T]?: undefined };

/** A refusal (or no answer at all: `httpStatus` 0), with the spec's extra fields typed. */
interface Refusal extends TRefusalExtras {
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
type Accepted<R> = Omit<R, 'success' | 'message' | 'error'> & {
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

/** What the call `N` answers: its envelope from the contract, or a refusal. */
export type CallResult<N extends RouteName> = Answer<ReceivedOf<N>>;

type Navigate = (to: string) => void;
let navigator: Navigate = (to) => window.location.assign(to);
export const setApiNavigator = (fn: Navigate) => {
  navigator = fn;
};

/** Sends the member to a screen (the app's router once set, else a full load). */
export const navigateTo = (to: string) => navigator(to);

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

export class ApiError extends Error {
  constructor(
    message: string,
    readonly result: ApiResult,
  ) {
    super(message);
  }
}
