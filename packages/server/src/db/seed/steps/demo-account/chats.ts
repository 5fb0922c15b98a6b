/**
 * The demo account's chats and their text messages, from the scripts of data/conversations.ts:
 * a 'match' chat per match (never locked; the first liker's participant row first), one contact
 * chat where a member sent the free introduction (locked for that member until the demo account
 * answers, lock-rule.ts) and one the demo account started and the other member answered (the
 * answer lifts the lock for free). The last lines to the demo account wait unread.
 */
import { genderize } from '../../demo-members.js';
import {
  CONTACT_ANSWERED,
  CONTACT_INTRODUCTION,
  type ScriptLine,
} from '../../data/conversations.js';
import type { Rng } from '../../rng.js';
import type { ActivityMember, PlanContext, PlannedChat, PlannedMessage } from './model.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './model.js';

const firstName = (name: string) => name.split(' ')[0] ?? name;
const cityOf = (locality: string | null) =>
  locality?.includes('Bobo-Dioulasso') ? 'Bobo-Dioulasso' : 'Ouagadougou';

/**
 * The script's messages from `start`, minutes apart, ending well before `now`. Messages to the
 * demo account in the last `unreadTail` lines wait unread ('sent'); every other message was
 * delivered and read a little after it was sent (the demo account's last one is delivered only
 * when the other member has not answered yet).
 */
function converse(
  rng: Rng,
  me: ActivityMember,
  them: ActivityMember,
  script: readonly ScriptLine[],
  start: number,
  now: number,
  opts: { unreadTail: number },
): PlannedMessage[] {
  const span = Math.max(0, now - 15 * MINUTE_MS - start);
  const step = script.length > 1 ? Math.min(span / script.length, 3 * HOUR_MS) : 0;
  let at = start + Math.min(span, 5 * MINUTE_MS + rng.next() * 30 * MINUTE_MS);
  return script.map((line, i) => {
    if (i > 0) at += step * (0.5 + rng.next() * 0.5);
    const speaker = line.from === 'me' ? me : them;
    const addressee = line.from === 'me' ? them : me;
    const content = genderize(line.text, speaker.gender)
      .replace(/\{name\}/g, firstName(addressee.name))
      .replace(/\{city\}/g, cityOf(me.locality));
    const createdAt = new Date(at);
    const isLast = i === script.length - 1;
    const unread = line.from === 'them' && i >= script.length - opts.unreadTail;
    if (unread) {
      return {
        senderId: them.id,
        content,
        createdAt,
        status: 'sent',
        deliveredAt: null,
        readAt: null,
      };
    }
    const deliveredAt = new Date(at + rng.int(1, 5) * 1000);
    if (line.from === 'me' && isLast) {
      return {
        senderId: me.id,
        content,
        createdAt,
        status: 'delivered',
        deliveredAt,
        readAt: null,
      };
    }
    const readAt = new Date(Math.min(at + rng.int(1, 20) * MINUTE_MS, now));
    return { senderId: speaker.id, content, createdAt, status: 'read', deliveredAt, readAt };
  });
}

/** The 'match' chat of a match made at `matchedAt`, started by the member who liked first. */
export function matchChat(
  { rng, me, now }: PlanContext,
  them: ActivityMember,
  script: readonly ScriptLine[],
  matchedAt: Date,
  unreadTail: number,
): PlannedChat {
  const messages = converse(rng, me, them, script, matchedAt.getTime(), now, { unreadTail });
  return {
    firstId: them.id,
    secondId: me.id,
    origin: 'match',
    lockedSender: false,
    unlockedAt: null,
    createdAt: matchedAt,
    updatedAt: messages.at(-1)?.createdAt ?? matchedAt,
    messages,
  };
}

/** A member's free introduction, a few hours ago: locked for its sender until an answer. */
function introductionChat({ rng, me, now }: PlanContext, them: ActivityMember): PlannedChat {
  const start = now - (5 + rng.next() * 20) * HOUR_MS;
  const messages = converse(rng, me, them, CONTACT_INTRODUCTION, start, now, {
    unreadTail: 1,
  });
  return {
    firstId: them.id,
    secondId: me.id,
    origin: 'contact',
    lockedSender: true,
    unlockedAt: null,
    createdAt: new Date(start),
    updatedAt: messages.at(-1)?.createdAt ?? new Date(start),
    messages,
  };
}

/**
 * A chat the demo account started, two to four days ago: the answer (first message of the other
 * member) lifted the sender's lock for free.
 */
function answeredChat({ rng, me, now }: PlanContext, them: ActivityMember): PlannedChat {
  const start = now - (2 + rng.next() * 2) * DAY_MS;
  const messages = converse(rng, me, them, CONTACT_ANSWERED, start, now, { unreadTail: 1 });
  const answer = messages.find((m) => m.senderId === them.id);
  return {
    firstId: me.id,
    secondId: them.id,
    origin: 'contact',
    lockedSender: false,
    unlockedAt: answer?.createdAt ?? null,
    createdAt: new Date(start),
    updatedAt: messages.at(-1)?.createdAt ?? new Date(start),
    messages,
  };
}

/** The two contact chats, when there are members left for them. */
export function planContactChats(
  ctx: PlanContext,
  contactIn: ActivityMember | undefined,
  contactOut: ActivityMember | undefined,
): void {
  if (contactIn) ctx.plan.chats.push(introductionChat(ctx, contactIn));
  if (contactOut) ctx.plan.chats.push(answeredChat(ctx, contactOut));
}
