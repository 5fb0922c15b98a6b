/**
 * A call's life (issue 30): placed from a chat open to both members, ringing 30 s on every
 * device of the callee, then accepted, declined, missed, busy, ended by either member or cut by
 * a block. Each end leaves a line in the chat, and a missed call a notification (pushed when
 * the app is closed). Rules are checked first: the chat, the scam shield's hold, blocks, the
 * callee's « Recevoir des appels », how open the chat is, the unanswered-calls limit, busy.
 */
import {
  CALL_LINE,
  CALL_MSG,
  CALL_RING_S,
  CALL_UNANSWERED_MAX_PER_HOUR,
  CHAT_MSG,
  type TCallOutcome,
  type TCallStatus,
  type TCallWithPeer,
} from '@app/shared';
import type { Deps } from '../../deps.js';
import { startPeriodicJob } from '../../periodic-job.js';
import { AppError } from '../../errors.js';
import { isBlockedEitherWay } from '../safety/index.js';
import { addCallLine, findChatHold } from '../chats/index.js';
import * as repo from './call.repository.js';
import type { CallRow } from './call.repository.js';
import { presentCall, presentPeer, talkedSeconds } from './call.presenter.js';
import { acceptsCalls } from './call-settings.js';
import { clearRingTimer, startRingTimer } from './ring-timers.js';
import { emitCallUpdate, emitIncoming, isSessionConnected } from './call.events.js';

export interface CallMember {
  id: number;
  session_id: number;
}

const over = () => new AppError('conflict', CALL_MSG.over, { status: 409 });
const callNotFound = () => new AppError('not_found', CALL_MSG.notFound, { status: 404 });

async function withPeer(deps: Deps, row: CallRow, viewerId: number): Promise<TCallWithPeer> {
  const peerId = row.caller_id === viewerId ? row.callee_id : row.caller_id;
  return {
    call: presentCall(row),
    peer: presentPeer(deps, await repo.findPeer(deps.db, peerId), peerId),
  };
}

/** The rules before a call rings; answers the chat and the callee. */
async function checkCallable(deps: Deps, me: CallMember, chatId: number) {
  const chat = await repo.findChatForCall(deps.db, chatId, me.id);
  if (!chat || chat.other_left_at || chat.other_deleted_at || chat.other_blocked_at)
    throw new AppError('chat_not_found', CHAT_MSG.notFound, { status: 404 });
  if (await findChatHold(deps.db, me.id))
    throw new AppError('chat_hold', CALL_MSG.held, { status: 403 });
  if (await isBlockedEitherWay(deps.db, me.id, chat.other_id))
    throw new AppError('blocked', CALL_MSG.blocked, { status: 403 });
  if (!(await acceptsCalls(deps.db, chat.other_id)))
    throw new AppError('calls_off', CALL_MSG.callsOff, { status: 403 });
  if (!chat.open_to_both) throw new AppError('call_not_open', CALL_MSG.notOpen, { status: 403 });
  const hourAgo = new Date(deps.clock.now().getTime() - 3600_000);
  const unanswered = await repo.countUnanswered(deps.db, me.id, chat.other_id, hourAgo);
  if (unanswered >= CALL_UNANSWERED_MAX_PER_HOUR)
    throw new AppError('rate_limited', CALL_MSG.tooMany(CALL_UNANSWERED_MAX_PER_HOUR), {
      status: 429,
    });
  return chat;
}

/**
 * Calls of these members that are over without anyone saying so: ringing past the ring time
 * (the copy holding their timer may be gone), or under way with neither device connected.
 */
async function settleStale(deps: Deps, userIds: number[]) {
  for (const row of await repo.findOverdueRinging(deps.db, userIds, deps.clock.now()))
    await endCall(deps, row, ['ringing'], 'missed', null);
  for (const id of userIds) {
    for (const row of await repo.findLiveCalls(deps.db, id)) {
      if (row.status !== 'accepted') continue;
      const sessions = [row.caller_session_id, row.callee_session_id];
      const alive = await Promise.all(
        sessions.map((s) => s !== null && isSessionConnected(deps, s)),
      );
      if (!alive.some(Boolean)) await endCall(deps, row, ['accepted'], 'ended', null);
    }
  }
}

/** How many rung-out calls one sweep settles at most (the next sweep takes the rest). */
const SWEEP_BATCH = 100;

/**
 * Settles every call still ringing past the ring time: missed, with its line and the callee's
 * notification. Its ring timer does that on the copy the call was placed on; this is for a
 * copy that stopped before it fired (any copy may sweep: a call is moved once only).
 */
export async function settleRungOut(deps: Deps): Promise<number> {
  let settled = 0;
  for (const row of await repo.findRungOut(deps.db, deps.clock.now(), SWEEP_BATCH))
    if (await endCall(deps, row, ['ringing'], 'missed', null)) settled += 1;
  return settled;
}

/** Sweeps for rung-out calls every half ring time; the answer stops it and waits. */
export function startRingSweep(deps: Deps): () => Promise<void> {
  if (!deps.config.turn) return async () => undefined;
  return startPeriodicJob(
    (CALL_RING_S * 1000) / 2,
    () => settleRungOut(deps),
    (err) => deps.log.warn({ err }, 'appels sans réponse non clos'),
  );
}

export async function startCall(deps: Deps, me: CallMember, chatId: number) {
  const chat = await checkCallable(deps, me, chatId);
  if (!deps.config.turn) throw new AppError('unavailable', CALL_MSG.unavailable, { status: 503 });
  await settleStale(deps, [me.id, chat.other_id]);
  const now = deps.clock.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    await repo.lockMembers(trx, [me.id, chat.other_id]);
    if ((await repo.findLiveCalls(trx, me.id)).length > 0)
      throw new AppError('busy', CALL_MSG.youAreBusy, { status: 409 });
    const calleeBusy = (await repo.findLiveCalls(trx, chat.other_id)).length > 0;
    return repo.insertCall(trx, {
      chatId: chat.id,
      callerId: me.id,
      calleeId: chat.other_id,
      callerSessionId: me.session_id,
      status: calleeBusy ? 'busy' : 'ringing',
      now,
    });
  });
  deps.metrics.callPlaced();
  if (row.status === 'busy') {
    await afterEnd(deps, row);
    throw new AppError('busy', CALL_MSG.calleeBusy, { status: 409 });
  }
  const answer = await withPeer(deps, row, me.id);
  const callerSeen = await withPeer(deps, row, row.callee_id);
  emitIncoming(deps, row.callee_id, callerSeen);
  void deps.push
    .send(row.callee_id, {
      title: CALL_LINE.incoming,
      body: `${callerSeen.peer.name} vous appelle`,
      url: `/chat/${row.chat_id}`,
      icon: '/icon-192.png',
      // The missed call's notification, if it comes, takes this one's place on the phone.
      tag: `missed_call:${row.chat_id}`,
      renotify: true,
    })
    .catch((err: unknown) => deps.log.warn({ err }, 'push en échec'));
  startRingTimer(deps, row.id, CALL_RING_S * 1000, () =>
    endCall(deps, row, ['ringing'], 'missed', null).then(() => undefined),
  );
  return answer;
}

/** The call if `me` is in it; overdue ringing is settled first, so nobody answers it late. */
async function getCall(deps: Deps, me: CallMember, callId: number) {
  const row = await repo.findCallOfMember(deps.db, callId, me.id);
  if (!row) throw callNotFound();
  const ringFor = deps.clock.now().getTime() - new Date(row.created_at).getTime();
  if (row.status === 'ringing' && ringFor > CALL_RING_S * 1000) {
    return (await endCall(deps, row, ['ringing'], 'missed', null)) ?? row;
  }
  return row;
}

export async function readCall(deps: Deps, me: CallMember, callId: number) {
  return withPeer(deps, await getCall(deps, me, callId), me.id);
}

export async function answerCall(deps: Deps, me: CallMember, callId: number) {
  const row = await getCall(deps, me, callId);
  if (row.callee_id !== me.id) throw callNotFound();
  const moved = await repo.moveCall(deps.db, row.id, ['ringing'], 'accepted', {
    now: deps.clock.now(),
    calleeSessionId: me.session_id,
  });
  if (!moved) throw over();
  clearRingTimer(deps, row.id);
  deps.metrics.callAnswered();
  emitCallUpdate(deps, moved, me.id);
  return withPeer(deps, moved, me.id);
}

export async function declineCall(deps: Deps, me: CallMember, callId: number) {
  const row = await getCall(deps, me, callId);
  if (row.callee_id !== me.id) throw callNotFound();
  const ended = await endCall(deps, row, ['ringing'], 'declined', me.id);
  if (!ended) throw over();
  return presentCall(ended);
}

/** Either member ends the call: a ringing call is missed (caller) or declined (callee). */
export async function hangUp(deps: Deps, me: CallMember, callId: number) {
  const row = await getCall(deps, me, callId);
  let ended: CallRow | undefined;
  if (row.status === 'ringing')
    ended = await endCall(
      deps,
      row,
      ['ringing'],
      row.caller_id === me.id ? 'missed' : 'declined',
      me.id,
    );
  else if (row.status === 'accepted')
    ended = await endCall(deps, row, ['accepted'], 'ended', me.id);
  if (!ended) throw over();
  return presentCall(ended);
}

/** A block cuts every call still ringing or under way between the two members. */
export async function cutCallsBetween(deps: Deps, blockerId: number, blockedId: number) {
  for (const row of await repo.findLiveCallsBetween(deps.db, blockerId, blockedId))
    await endCall(deps, row, [row.status], 'cut', blockerId);
}

/** A device of this session left for good: its calls end (or, still ringing, are missed). */
export async function dropSessionCalls(deps: Deps, userId: number, sessionId: number) {
  for (const row of await repo.findLiveCallsOfSession(deps.db, sessionId)) {
    const outcome = row.status === 'ringing' ? 'missed' : 'ended';
    await endCall(deps, row, [row.status], outcome, userId);
  }
}

/** What the member's device says the relay carried for them (once per call, for the metrics). */
export async function recordRelayedBytes(
  deps: Deps,
  me: CallMember,
  callId: number,
  bytes: number,
) {
  const row = await repo.findCallOfMember(deps.db, callId, me.id);
  if (!row) throw callNotFound();
  if (row.answered_at === null) throw over();
  if (await repo.recordBytes(deps.db, row, me.id, bytes)) deps.metrics.callRelayed(bytes);
}

/**
 * Moves the call to its end (only from `from`: whoever gets there first wins), then tells both
 * members, writes the chat's line and, for a missed call, the notification.
 */
async function endCall(
  deps: Deps,
  row: CallRow,
  from: TCallStatus[],
  outcome: TCallOutcome,
  by: number | null,
) {
  const ended = await repo.moveCall(deps.db, row.id, from, outcome, { now: deps.clock.now(), by });
  if (!ended) return undefined;
  clearRingTimer(deps, row.id);
  emitCallUpdate(deps, ended, by);
  await afterEnd(deps, ended);
  return ended;
}

async function afterEnd(deps: Deps, row: CallRow) {
  const outcome = row.status as TCallOutcome;
  const seconds = talkedSeconds(row);
  deps.metrics.callEnded(outcome, seconds ?? 0);
  const chat = {
    id: row.chat_id,
    user_low_id: Math.min(row.caller_id, row.callee_id),
    user_high_id: Math.max(row.caller_id, row.callee_id),
  };
  await addCallLine(deps, chat, row.caller_id, outcome, seconds);
  if (outcome === 'missed' || outcome === 'busy') {
    const caller = await repo.findPeer(deps.db, row.caller_id);
    await deps.notify(row.callee_id, 'missed_call', {
      chat_id: row.chat_id,
      sender_id: row.caller_id,
      name: caller?.name ?? 'Un membre',
    });
  }
}
