/** Pure display rules of the announcement screens (kept apart so they are unit-tested). */
import { FEED_DESCRIPTION_CUT } from '@app/shared';
import { ApiError } from '../../api/client';
import { ANN_TEXT } from './texts';

/** The description as the card first shows it: cut at 120 characters, on a word when possible. */
export function cutDescription(text: string, max = FEED_DESCRIPTION_CUT) {
  if (text.length <= max) return { text, isCut: false };
  const head = text.slice(0, max);
  const lastSpace = head.lastIndexOf(' ');
  const cut = lastSpace > max * 0.7 ? head.slice(0, lastSpace) : head;
  return { text: `${cut.trimEnd()}…`, isCut: true };
}

const DATE_FORMAT = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Ouagadougou',
});

/** "12 mars 2026 à 14:05": the French date of an announcement, in Burkina Faso's time. */
export function frenchDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE_FORMAT.format(date);
}

/** The gender badge: 'femme' is shown as female, anything else as male (spec 1 §3). */
export const isFemale = (gender: string | null | undefined) => gender === 'femme';

/**
 * Why the cost check of /add-announcement failed (spec 2 §8): no session token, no network, else
 * the server's message or the generic one.
 */
export function costErrorMessage(error: Error, hasToken: boolean): string {
  if (!hasToken) return ANN_TEXT.tokenMissing;
  if (error instanceof ApiError && error.result.httpStatus === 0) return ANN_TEXT.costNetworkError;
  return error.message || ANN_TEXT.costError;
}
