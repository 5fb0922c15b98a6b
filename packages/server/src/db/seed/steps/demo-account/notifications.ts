/**
 * The demo account's notifications: the welcome, and a 'chat_message' to the recipient of every
 * planned message (read when the message is), the unread ones of a chat in one notification
 * counting them, as the server keeps them. Notifications older than two days were read.
 */
import type { ActivityMember, ActivityPlan, Notify, PlanContext, PlannedMessage } from './model.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './model.js';

/** Notifications older than this were read; newer ones wait in the bell. */
const READ_BEFORE_MS = 2 * DAY_MS;

const WELCOME_MESSAGE =
  'Bienvenue sur Rencontre ! Découvrez nos packs de pièces pour débloquer plus de discussions.';

const preview = (content: string) => content.slice(0, 80);

/** Adds to `plan.notifications`, read by default when older than READ_BEFORE_MS at `now`. */
export function notifier(plan: ActivityPlan, now: number): Notify {
  return (
    userId,
    type,
    data,
    at,
    readAt = now - at.getTime() > READ_BEFORE_MS ? new Date(at.getTime() + HOUR_MS) : null,
    chatWith,
  ) => {
    plan.notifications.push({ userId, type, data, createdAt: at, readAt, chatWith });
  };
}

/** Welcome, the day the account was made. */
export function notifyWelcome({ me, notify }: PlanContext): void {
  const welcomeAt = new Date(me.createdAt.getTime() + 10 * MINUTE_MS);
  notify(
    me.id,
    'promotion',
    { message: WELCOME_MESSAGE },
    welcomeAt,
    new Date(welcomeAt.getTime() + HOUR_MS),
  );
}

/**
 * Every message notified its recipient, read when the message was; a chat's unread messages to
 * one member share one unread notification (the latest's preview and time, their count).
 */
export function notifyMessages(
  { plan, notify }: PlanContext,
  people: readonly (ActivityMember | undefined)[],
): void {
  const byId = new Map(people.flatMap((m) => (m ? [[m.id, m]] : [])));
  for (const chat of plan.chats) {
    const pair = { a: chat.firstId, b: chat.secondId };
    const one = (recipient: number, m: PlannedMessage, count: number) => {
      const content = preview(m.content);
      const data = {
        sender_id: m.senderId,
        sender_name: byId.get(m.senderId)?.name ?? 'Un membre',
        preview: content,
        message: content,
        count,
      };
      notify(recipient, 'chat_message', data, m.createdAt, m.readAt, pair);
    };
    const unread = new Map<number, { last: PlannedMessage; count: number }>();
    for (const m of chat.messages) {
      const recipient = m.senderId === chat.firstId ? chat.secondId : chat.firstId;
      if (m.readAt) one(recipient, m, 1);
      else unread.set(recipient, { last: m, count: (unread.get(recipient)?.count ?? 0) + 1 });
    }
    for (const [recipient, { last, count }] of unread) one(recipient, last, count);
  }
}
