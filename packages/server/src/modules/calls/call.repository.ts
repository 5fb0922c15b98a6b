/** Queries on calls (Kysely, typed from schema.gen.ts). */
import { sql } from 'kysely';
import { CALL_RING_S, type TCallStatus } from '@app/shared';
import type { Database } from '../../db/kysely.js';

const COLS = [
  'id',
  'chat_id',
  'caller_id',
  'callee_id',
  'status',
  'caller_session_id',
  'callee_session_id',
  'ended_by',
  'created_at',
  'answered_at',
  'ended_at',
  'caller_bytes',
  'callee_bytes',
] as const;
const LIVE: TCallStatus[] = ['ringing', 'accepted'];
const UNANSWERED: TCallStatus[] = ['ringing', 'missed', 'declined', 'busy'];

type Narrow = { status: TCallStatus };

const selectCalls = (db: Database) => db.selectFrom('calls').select(COLS).$narrowType<Narrow>();

export type CallRow = Awaited<ReturnType<typeof findCallById>> & object;

export function findCallById(db: Database, id: number) {
  return selectCalls(db).where('id', '=', id).executeTakeFirst();
}

/** The call, if `userId` is one of its two members. */
export function findCallOfMember(db: Database, id: number, userId: number) {
  return selectCalls(db)
    .where('id', '=', id)
    .where((eb) => eb.or([eb('caller_id', '=', userId), eb('callee_id', '=', userId)]))
    .executeTakeFirst();
}

/** Serialises call placing for these members (either side), so two calls cannot both find them free. */
export async function lockMembers(trx: Database, ids: number[]) {
  for (const id of [...ids].sort((a, b) => a - b))
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`call.member:${id}`}, 0))`.execute(
      trx,
    );
}

/** The member's calls still ringing or under way, on either side. */
export function findLiveCalls(db: Database, userId: number) {
  return selectCalls(db)
    .where('status', 'in', LIVE)
    .where((eb) => eb.or([eb('caller_id', '=', userId), eb('callee_id', '=', userId)]))
    .execute();
}

/** Calls still ringing after the ring time (their timer's copy may be gone): ids to miss. */
export function findOverdueRinging(db: Database, userIds: number[], now: Date) {
  const since = new Date(now.getTime() - CALL_RING_S * 1000);
  return selectCalls(db)
    .where('status', '=', 'ringing')
    .where('created_at', '<', since)
    .where((eb) => eb.or([eb('caller_id', 'in', userIds), eb('callee_id', 'in', userIds)]))
    .execute();
}

/** Calls of anyone still ringing past the ring time, oldest first, `limit` at most. */
export function findRungOut(db: Database, now: Date, limit: number) {
  const since = new Date(now.getTime() - CALL_RING_S * 1000);
  return selectCalls(db)
    .where('status', '=', 'ringing')
    .where('created_at', '<', since)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Calls from `callerId` to `calleeId` left unanswered since `since`. */
export async function countUnanswered(
  db: Database,
  callerId: number,
  calleeId: number,
  since: Date,
) {
  const row = await db
    .selectFrom('calls')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('caller_id', '=', callerId)
    .where('callee_id', '=', calleeId)
    .where('created_at', '>=', since)
    .where('status', 'in', UNANSWERED)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertCall(
  trx: Database,
  c: {
    chatId: number;
    callerId: number;
    calleeId: number;
    callerSessionId: number;
    status: 'ringing' | 'busy';
    now: Date;
  },
) {
  return trx
    .insertInto('calls')
    .values({
      chat_id: c.chatId,
      caller_id: c.callerId,
      callee_id: c.calleeId,
      caller_session_id: c.callerSessionId,
      status: c.status,
      created_at: c.now,
      ended_at: c.status === 'busy' ? c.now : null,
    })
    .returning(COLS)
    .$narrowType<Narrow>()
    .executeTakeFirstOrThrow();
}

/** Moves a call from one of `from` to `to`; undefined when it was no longer in `from`. */
export function moveCall(
  db: Database,
  id: number,
  from: TCallStatus[],
  to: TCallStatus,
  set: {
    now: Date;
    by?: number | null;
    calleeSessionId?: number;
  },
) {
  const ends = to !== 'accepted';
  return db
    .updateTable('calls')
    .set({
      status: to,
      ...(ends ? { ended_at: set.now, ended_by: set.by ?? null } : { answered_at: set.now }),
      ...(set.calleeSessionId !== undefined ? { callee_session_id: set.calleeSessionId } : {}),
    })
    .where('id', '=', id)
    .where('status', 'in', from)
    .returning(COLS)
    .$narrowType<Narrow>()
    .executeTakeFirst();
}

/** The member's device report of what the relay carried, kept once. */
export async function recordBytes(db: Database, call: CallRow, userId: number, bytes: number) {
  const column = call.caller_id === userId ? 'caller_bytes' : 'callee_bytes';
  const res = await db
    .updateTable('calls')
    .set({ [column]: bytes })
    .where('id', '=', call.id)
    .where(column, 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Live calls a device of this session is in (the caller's or the answering callee's). */
export function findLiveCallsOfSession(db: Database, sessionId: number) {
  return selectCalls(db)
    .where('status', 'in', LIVE)
    .where((eb) =>
      eb.or([eb('caller_session_id', '=', sessionId), eb('callee_session_id', '=', sessionId)]),
    )
    .execute();
}

/** Live calls between two members (a block cuts them). */
export function findLiveCallsBetween(db: Database, a: number, b: number) {
  return selectCalls(db)
    .where('status', 'in', LIVE)
    .where((eb) =>
      eb.or([
        eb.and([eb('caller_id', '=', a), eb('callee_id', '=', b)]),
        eb.and([eb('caller_id', '=', b), eb('callee_id', '=', a)]),
      ]),
    )
    .execute();
}

/** Ringing calls to this member (shown again on a device that connects while they ring). */
export function findRingingFor(db: Database, userId: number, now: Date) {
  const since = new Date(now.getTime() - CALL_RING_S * 1000);
  return selectCalls(db)
    .where('callee_id', '=', userId)
    .where('status', '=', 'ringing')
    .where('created_at', '>=', since)
    .execute();
}

/**
 * Whether the chat is open to both members (a match, an unlocked chat, or one both have
 * written in), with the other member's id and what the call screen shows of them.
 */
export function findChatForCall(db: Database, chatId: number, userId: number) {
  return db
    .selectFrom('chats as c')
    .innerJoin('chat_participants as me', (j) =>
      j.onRef('me.chat_id', '=', 'c.id').on('me.user_id', '=', userId),
    )
    .innerJoin('chat_participants as o', (j) =>
      j.onRef('o.chat_id', '=', 'c.id').on('o.user_id', '<>', userId),
    )
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select((eb) => [
      'c.id',
      'c.user_low_id',
      'c.user_high_id',
      'o.user_id as other_id',
      'o.left_at as other_left_at',
      'u.deleted_at as other_deleted_at',
      'u.blocked_at as other_blocked_at',
      eb
        .or([
          eb('c.origin', '=', 'match'),
          eb('c.unlocked_at', 'is not', null),
          eb.and([
            eb.exists(
              eb
                .selectFrom('messages as m')
                .select('m.id')
                .whereRef('m.chat_id', '=', 'c.id')
                .whereRef('m.sender_id', '=', 'me.user_id')
                .where('m.type', '<>', 'call'),
            ),
            eb.exists(
              eb
                .selectFrom('messages as m')
                .select('m.id')
                .whereRef('m.chat_id', '=', 'c.id')
                .whereRef('m.sender_id', '=', 'o.user_id')
                .where('m.type', '<>', 'call'),
            ),
          ]),
        ])
        .as('open_to_both'),
    ])
    .where('c.id', '=', chatId)
    .where('me.left_at', 'is', null)
    .executeTakeFirst();
}

/** The other member of a call as its screen shows them. */
export function findPeer(db: Database, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'photo_key'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
