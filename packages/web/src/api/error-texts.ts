/**
 * The one place the web turns a refusal's code (`error`, a shared ApiErrorCode) into French:
 * codes whose text never varies are shown in the app's own words (the same words the server
 * uses); every other refusal keeps the server's French message.
 */
import { MSG, type ApiErrorCode } from '@app/shared';

const TEXTS: Partial<Record<ApiErrorCode, string>> = {
  account_blocked: MSG.accountBlocked,
  rate_limited: MSG.rateLimited,
  invalid_json: MSG.invalidJson,
  invalid_url: MSG.invalidUrl,
  invalid_data: MSG.invalidData,
  unavailable: MSG.unavailable,
  internal: MSG.generic,
};

export function errorText(code: ApiErrorCode | undefined, serverMessage: string): string {
  return (code && TEXTS[code]) || serverMessage;
}
