/**
 * One HTTP call to a payment provider with a time-out. Failures come back as a
 * ProviderCallError whose kind tells a time-out from a refused connection or a bad answer, so
 * adapters can say "unknown" (ask again later) rather than guess.
 */
export type ProviderFailure = 'timeout' | 'network' | 'malformed';

export class ProviderCallError extends Error {
  constructor(
    readonly kind: ProviderFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface ProviderAnswer {
  status: number;
  text: string;
}

export async function callProvider(
  url: string,
  init: { headers: Record<string, string>; body: string },
  timeoutMs: number,
): Promise<ProviderAnswer> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    return { status: res.status, text: await res.text() };
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new ProviderCallError('timeout', `pas de réponse en ${timeoutMs} ms`);
    }
    throw new ProviderCallError('network', err instanceof Error ? err.message : String(err));
  }
}

/** The answer as a JSON object, or a ProviderCallError('malformed'). */
export function parseJsonObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Not the body itself: the reason is kept on the order, and an answer echoing our request
    // would carry credentials into it.
    throw new ProviderCallError('malformed', `réponse non JSON (${text.length} caractères)`);
  }
  if (!isRecord(value)) throw new ProviderCallError('malformed', 'réponse JSON inattendue');
  return value;
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export const text = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;

/** The reason to log for any failure of a provider call. */
export const failureReason = (err: unknown) =>
  err instanceof ProviderCallError
    ? `${err.kind}: ${err.message}`
    : err instanceof Error
      ? err.message
      : String(err);
