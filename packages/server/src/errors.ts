/**
 * The one error type. The error handler turns it into the envelope with its HTTP status; its
 * code (one of the shared `ApiErrorCode`s) travels as the envelope's `error` field.
 */
import type { ApiErrorCode, TFieldErrors, TRefusalExtras } from '@app/shared';

export interface AppErrorOptions {
  status?: number;
  fields?: TFieldErrors;
  /** Extra top-level envelope fields the spec expects, as the contract types them. */
  extra?: TRefusalExtras;
}

export class AppError extends Error {
  readonly status: number;
  readonly fields: TFieldErrors | undefined;
  readonly extra: TRefusalExtras;

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.status = options.status ?? 400;
    this.fields = options.fields;
    this.extra = options.extra ?? {};
  }
}

export const notFound = (message: string) => new AppError('not_found', message, { status: 404 });
