/**
 * The demo account's activity as plain data: what planDemoActivity returns and insert.ts writes,
 * plus what the planners of its likes, chats and notifications share while they build it.
 */
import type { TNotificationData, TNotificationType } from '@app/shared';
import type { Rng } from '../../rng.js';
import type { Gender } from '../../demo-members.js';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export interface ActivityMember {
  id: number;
  name: string;
  gender: Gender;
  photoKey: string | null;
  locality: string | null;
  createdAt: Date;
}

export interface PlannedMessage {
  senderId: number;
  content: string;
  createdAt: Date;
  status: 'sent' | 'delivered' | 'read';
  deliveredAt: Date | null;
  readAt: Date | null;
}

export interface PlannedChat {
  /** The member who started the chat (the lock rule's "sender": first participant row). */
  firstId: number;
  secondId: number;
  origin: 'match' | 'contact';
  lockedSender: boolean;
  unlockedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  messages: PlannedMessage[];
}

export interface PlannedNotification {
  userId: number;
  type: TNotificationType;
  data: TNotificationData;
  /** The chat of this pair, filled in once the chat has an id. */
  chatWith?: { a: number; b: number };
  createdAt: Date;
  readAt: Date | null;
}

export interface ActivityPlan {
  swipes: { swiperId: number; targetId: number; at: Date }[];
  chats: PlannedChat[];
  notifications: PlannedNotification[];
}

/** Adds a notification; `readAt` left out: read an hour later when old enough, else unread. */
export type Notify = (
  userId: number,
  type: TNotificationType,
  data: TNotificationData,
  at: Date,
  readAt?: Date | null,
  chatWith?: { a: number; b: number },
) => void;

/** One planning run: its random source, the demo account, the clock and the plan so far. */
export interface PlanContext {
  rng: Rng;
  me: ActivityMember;
  /** The clock, in ms. */
  now: number;
  plan: ActivityPlan;
  notify: Notify;
  photos: (key: string | null) => string | null;
}
