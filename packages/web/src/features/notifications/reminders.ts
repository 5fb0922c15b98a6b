/**
 * Local reminders on the web (spec 1 §9), shown through the Notification API and only when the
 * member has granted the permission (never asked for here: the panel's card asks).
 *
 * A web page cannot schedule anything while it is closed: unlike the native app's scheduled
 * local notifications, these timers run only while the app is open (and a phone may freeze a
 * background tab, so a reminder can come late; one more than 30 min late is dropped). What
 * reaches a closed app is Web Push, sent by the server.
 *
 * localStorage keeps the first visit (the 7 days start there), a seed (so the day's random
 * time survives reloads), which slots were shown (across reloads and tabs), the count shown
 * per day, the day of the last immediate batch and the recent teasers (not repeated).
 */
import {
  REMINDER_CLOSE_MS,
  REMINDER_DAYS,
  REMINDER_STALE_MS,
  batchDelays,
  computeReminderSchedule,
  dayKey,
  isBatchDue,
  seededRandom,
  upcomingSlots,
} from './reminderSchedule';
import { NOTIF_TEXT } from '../../lib/notifications/texts';
import { readLocal, writeLocal } from './storage';
import { getToken, onSessionChange } from '../../auth/session';

const STORAGE_KEY = 'reminders';
const ICON = '/icon-192.png';

interface ReminderState {
  first_visit: number;
  seed: number;
  shown: string[];
  counts: Record<string, number>;
  batch_day: string | null;
  recent: number[];
}

function readState(now: number): ReminderState {
  let saved: Partial<ReminderState> = {};
  try {
    const parsed: unknown = JSON.parse(readLocal(STORAGE_KEY) ?? '{}');
    if (parsed && typeof parsed === 'object') saved = parsed;
  } catch {
    // A damaged entry starts over.
  }
  return {
    first_visit: typeof saved.first_visit === 'number' ? saved.first_visit : now,
    seed: typeof saved.seed === 'number' ? saved.seed : Math.floor(Math.random() * 2 ** 31),
    shown: Array.isArray(saved.shown) ? saved.shown.slice(-60) : [],
    counts: saved.counts && typeof saved.counts === 'object' ? saved.counts : {},
    batch_day: typeof saved.batch_day === 'string' ? saved.batch_day : null,
    recent: Array.isArray(saved.recent) ? saved.recent : [],
  };
}

const writeState = (s: ReminderState) => writeLocal(STORAGE_KEY, JSON.stringify(s));

/** Keeps the counts of the last week only. */
function lastDays(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).sort().slice(-REMINDER_DAYS));
}

const permitted = () => 'Notification' in window && Notification.permission === 'granted';

async function show(body: string, key: string) {
  // One tag per reminder: each closes after its own 5 s, none replaces another.
  const tag = `reminder-${key}`;
  const options: NotificationOptions = { body, icon: ICON, tag, data: { url: '/home' } };
  const reg =
    'serviceWorker' in navigator
      ? await navigator.serviceWorker.getRegistration().catch(() => undefined)
      : undefined;
  if (reg) {
    // Android Chrome only shows notifications through the service worker.
    await reg.showNotification(NOTIF_TEXT.reminderTitle, options);
    setTimeout(() => {
      void reg.getNotifications({ tag }).then((list) => list.forEach((n) => n.close()));
    }, REMINDER_CLOSE_MS);
    return;
  }
  const n = new Notification(NOTIF_TEXT.reminderTitle, options);
  n.onclick = () => {
    window.focus();
    n.close();
  };
  setTimeout(() => n.close(), REMINDER_CLOSE_MS);
}

/** Shows one reminder unless another tab did, or it comes too late; counts it for the day. */
async function fire(key: string, due: number, batchDay: string | null) {
  if (!permitted()) return;
  const now = Date.now();
  const state = readState(now);
  if (state.shown.includes(key)) return;
  state.shown.push(key);
  if (batchDay) state.batch_day = batchDay;
  if (now - due > REMINDER_STALE_MS) return writeState(state);
  const { TEASERS, TEASER_RECENT_MAX, pickTeaser } = await import('./teasers');
  const index = pickTeaser(Math.random, state.recent);
  const today = dayKey(new Date(now));
  state.counts = lastDays({ ...state.counts, [today]: (state.counts[today] ?? 0) + 1 });
  state.recent = [...state.recent, index].slice(-TEASER_RECENT_MAX);
  writeState(state);
  await show(TEASERS[index] ?? '', key).catch(() => undefined);
}

let timers: ReturnType<typeof setTimeout>[] = [];
let scheduled = false;
let batchScheduled = false;
let sessionBound = false;

function scheduleBatch(state: ReminderState, now: number) {
  if (batchScheduled || !isBatchDue(new Date(state.first_visit), state.batch_day, new Date(now))) {
    return;
  }
  batchScheduled = true;
  const today = dayKey(new Date(now));
  batchDelays(Math.random).forEach((delay, i) => {
    timers.push(setTimeout(() => void fire(`${today}@batch${i}`, now + delay, today), delay));
  });
}

/**
 * Remembers the first visit, and once the permission is granted sets the day's timers. Safe to
 * call again (after the permission is granted in the panel): nothing is scheduled twice.
 */
export function startReminders() {
  if (!('Notification' in window)) return;
  if (!sessionBound) {
    sessionBound = true;
    onSessionChange(() => {
      if (!getToken()) stopReminders();
    });
  }
  const now = Date.now();
  const state = readState(now);
  writeState(state);
  if (!permitted()) return;
  scheduleBatch(state, now);
  if (scheduled) return;
  scheduled = true;
  const schedule = computeReminderSchedule(new Date(state.first_visit), seededRandom(state.seed));
  for (const slot of upcomingSlots(schedule, now, new Set(state.shown))) {
    timers.push(setTimeout(() => void fire(slot.key, slot.at, null), slot.at - now));
  }
}

/** On sign-out: no more reminders from this page. */
function stopReminders() {
  timers.forEach(clearTimeout);
  timers = [];
  scheduled = false;
  batchScheduled = false;
}
