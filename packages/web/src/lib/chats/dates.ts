/**
 * French dates of the chat screens, in the phone's local time: day separators ("Aujourd'hui",
 * 'Hier', 'lundi 3 mars'), message times (14:05) and the chat list's time column.
 */
import { CHAT_TEXT } from './texts';

const fmt = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('fr-FR', options);
const dayWithWeekday = fmt({ weekday: 'long', day: 'numeric', month: 'long' });
const dayWithYear = fmt({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const clock = fmt({ hour: '2-digit', minute: '2-digit' });
const shortDay = fmt({ day: 'numeric', month: 'short' });
const numericDay = fmt({ day: '2-digit', month: '2-digit', year: '2-digit' });

const parse = (iso: string): Date | null => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : new Date(t);
};

/** A local calendar day as 'YYYY-M-D', to compare days and key separators. */
export function dayKey(d: Date): string {
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
}

/** How many calendar days `d` lies before `now` (0 today, 1 yesterday; DST-safe). */
function daysBefore(d: Date, now: Date): number {
  const a = Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  const b = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((b - a) / 86_400_000);
}

/** The day separator: "Aujourd'hui", 'Hier', else 'lundi 3 mars' (with the year if not this one). */
export function dayLabel(iso: string, now: number): string {
  const d = parse(iso);
  if (!d) return '';
  const today = new Date(now);
  const diff = daysBefore(d, today);
  if (diff === 0) return CHAT_TEXT.today;
  if (diff === 1) return CHAT_TEXT.yesterday;
  return (d.getFullYear() === today.getFullYear() ? dayWithWeekday : dayWithYear).format(d);
}

/** A message's time: '14:05'. */
export function timeLabel(iso: string): string {
  const d = parse(iso);
  return d ? clock.format(d) : '';
}

/** The chat list's time: '14:05' today, 'Hier', '3 mars' this year, else '03/03/24'. */
export function listTimeLabel(iso: string, now: number): string {
  const d = parse(iso);
  if (!d) return '';
  const today = new Date(now);
  const diff = daysBefore(d, today);
  if (diff <= 0) return clock.format(d);
  if (diff === 1) return CHAT_TEXT.yesterday;
  return (d.getFullYear() === today.getFullYear() ? shortDay : numericDay).format(d);
}
