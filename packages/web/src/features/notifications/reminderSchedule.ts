/**
 * When local reminders show (spec 1 §9): 8h, 13h and 20h plus one at a random time between
 * 9h and 22h, each day for 7 days from the first visit; on the web an immediate batch of 3
 * after 5 to 30 s, once a day. Pure: the clock and the random source are parameters.
 */
const REMINDER_FIXED_HOURS = [8, 13, 20] as const;
const REMINDER_RANDOM_WINDOW_H = { from: 9, to: 22 } as const;
export const REMINDER_DAYS = 7;
const REMINDER_BATCH_SIZE = 3;
const REMINDER_BATCH_DELAY_MS = { min: 5_000, max: 30_000 } as const;
export const REMINDER_CLOSE_MS = 5_000;
/** A reminder whose time passed long ago (the tab slept) is dropped, not shown late. */
export const REMINDER_STALE_MS = 30 * 60_000;

/** A number in [0, 1), like Math.random. */
export type Random = () => number;

export interface ReminderSlot {
  /** Epoch ms. */
  at: number;
  /** Stable name of the slot, to remember it was shown (across reloads and tabs). */
  key: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar day, 'YYYY-MM-DD'. */
export function dayKey(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Every reminder of the 7 days that start on the first visit's day, in time order. */
export function computeReminderSchedule(firstVisit: Date, random: Random): ReminderSlot[] {
  const y = firstVisit.getFullYear();
  const m = firstVisit.getMonth();
  const d0 = firstVisit.getDate();
  const windowMin = (REMINDER_RANDOM_WINDOW_H.to - REMINDER_RANDOM_WINDOW_H.from) * 60;
  const slots: ReminderSlot[] = [];
  for (let day = 0; day < REMINDER_DAYS; day++) {
    const key = dayKey(new Date(y, m, d0 + day));
    for (const h of REMINDER_FIXED_HOURS) {
      slots.push({ at: new Date(y, m, d0 + day, h).getTime(), key: `${key}@${h}h` });
    }
    const minute = Math.floor(random() * windowMin);
    const at = new Date(y, m, d0 + day, REMINDER_RANDOM_WINDOW_H.from, minute).getTime();
    slots.push({ at, key: `${key}@random` });
  }
  return slots.sort((a, b) => a.at - b.at);
}

/** The slots still to come that were not shown yet. */
export function upcomingSlots(
  schedule: readonly ReminderSlot[],
  now: number,
  shown: ReadonlySet<string>,
): ReminderSlot[] {
  return schedule.filter((s) => s.at > now && !shown.has(s.key));
}

/** The end of the reminder period: midnight after the 7th day. */
function reminderPeriodEnd(firstVisit: Date): number {
  const d = firstVisit;
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + REMINDER_DAYS).getTime();
}

/** Delays of the immediate batch, each between 5 and 30 s, in order. */
export function batchDelays(random: Random): number[] {
  const { min, max } = REMINDER_BATCH_DELAY_MS;
  return Array.from(
    { length: REMINDER_BATCH_SIZE },
    () => min + Math.floor(random() * (max - min)),
  ).sort((a, b) => a - b);
}

/** Whether today's batch is due: in the period, and none shown yet today. */
export function isBatchDue(firstVisit: Date, lastBatchDay: string | null, now: Date): boolean {
  return now.getTime() < reminderPeriodEnd(firstVisit) && lastBatchDay !== dayKey(now);
}

/** A small seeded generator (mulberry32), so the random slot stays put across reloads. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
