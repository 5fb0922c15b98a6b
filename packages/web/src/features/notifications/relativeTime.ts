/** Relative times of the panel (spec 1 §2): 'À l'instant', 'Il y a {n}min', '{n}h', '{n}j'. */
import { NOTIF_TEXT } from '../../lib/notifications/texts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** `when` is an ISO date; a future date (a phone clock running late) reads 'À l'instant'. */
export function relativeTime(when: string, now: number): string {
  const t = Date.parse(when);
  if (Number.isNaN(t)) return '';
  const elapsed = now - t;
  if (elapsed < MINUTE) return NOTIF_TEXT.justNow;
  if (elapsed < HOUR) return NOTIF_TEXT.minutesAgo(Math.floor(elapsed / MINUTE));
  if (elapsed < DAY) return NOTIF_TEXT.hoursAgo(Math.floor(elapsed / HOUR));
  return NOTIF_TEXT.daysAgo(Math.floor(elapsed / DAY));
}
