/**
 * An account's age as the « Arnaques » queue shows it (« Compte créé il y a 3 jours »): scam
 * accounts are usually days old. Whole units elapsed, rounded down; a month counts 30 days.
 */
import { ADMIN_TEXT } from './texts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The age of an account created at `createdAt` (ISO) seen at `now` (ms); null for a bad date. */
export function accountAge(createdAt: string, now: number): string | null {
  const created = Date.parse(createdAt);
  if (Number.isNaN(created)) return null;
  // A creation a little in the future (a clock ahead of the viewer's) reads as just now.
  const elapsed = Math.max(0, now - created);
  const days = Math.floor(elapsed / DAY_MS);
  if (elapsed < HOUR_MS) return ADMIN_TEXT.accountAgeUnderHour;
  if (days < 1) return ADMIN_TEXT.accountAge(Math.floor(elapsed / HOUR_MS), 'hour');
  if (days < 30) return ADMIN_TEXT.accountAge(days, 'day');
  if (days < 365) return ADMIN_TEXT.accountAge(Math.floor(days / 30), 'month');
  return ADMIN_TEXT.accountAge(Math.floor(days / 365), 'year');
}
