/**
 * A message sent in one statement (issue 31). The chat is read and row-locked as the sender sees
 * it (membership, blocks), the replay by client id is looked up, the lock rule and the other
 * member's state decide, and only then — in the same statement, hence the same transaction — the
 * message is inserted, the other member re-joins a chat they had left, the chat is touched and
 * its lock rule applied, and a flagged message may put the scam shield's hold on its sender.
 * The statement always answers one row, which says which of these happened.
 *
 * Concurrency: `FOR UPDATE OF c` makes a second send of the chat wait for the first to commit,
 * then read the chat row as the first left it (READ COMMITTED re-reads a locked row), so the
 * lock rule sees sends one at a time as the transaction did; a retry with the same client id
 * racing the first meets the unique index (ON CONFLICT DO NOTHING) and inserts nothing.
 */
import { sql } from 'kysely';
import {
  SCAM_HOLD_CHATS,
  SCAM_HOLD_WINDOW_HOURS,
  SCAM_RECEIVER_MAX_MESSAGES,
  type TMessageType,
} from '@app/shared';
import type { Database } from '../../db/kysely.js';
import { MESSAGE_COLUMNS, type MessageRow } from './message.repository.js';

export interface SendInput {
  chatId: number;
  senderId: number;
  type: TMessageType;
  content: string;
  fileKey?: string;
  durationS?: number;
  replyToId?: number | null;
  clientId?: string;
  /** The shared rule found a scam signal in the text (hasScamSignal); the chat decides the rest. */
  scamSignal: boolean;
}

/** The chat as the sender saw it, and what the statement did. */
export interface SendRow {
  found: boolean;
  id: number;
  user_low_id: number;
  user_high_id: number;
  origin: 'contact' | 'match';
  locked_sender: boolean;
  locked_receiver: boolean;
  unlock_cost: number;
  me_participant_id: number;
  other_participant_id: number;
  other_id: number;
  other_muted: boolean;
  other_deleted_at: Date | null;
  other_last_seen_at: Date | null;
  other_offline_at: Date | null;
  /** The other member closed the chat (« Ne plus voir ce profil »): nothing more is sent. */
  closed_at: Date | null;
  sender_name: string | null;
  /** The sender's message already stored under the client id (any chat), when there is one. */
  prior: MessageRow | null;
  /** The message this statement inserted. */
  inserted: MessageRow | null;
  /** This send put the scam shield's hold on the sender. */
  held: boolean;
}

const cols = (alias: string) => sql.raw(MESSAGE_COLUMNS.map((c) => `${alias}.${c}`).join(', '));
/** One message of `alias` as a JSON object whose times the caller turns back into dates. */
const messageJson = (alias: string) =>
  sql.raw(
    `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object(${MESSAGE_COLUMNS.map(
      (c) => `'${c}', ${alias}.${c}`,
    ).join(', ')}) END`,
  );

/** The message's times, which JSON carries as text. */
type Times = 'created_at' | 'read_at' | 'edited_at' | 'deleted_at';
type MessageJson = Omit<MessageRow, Times> & Record<Times, string | null>;

function messageOf(json: MessageJson | null): MessageRow | null {
  if (!json) return null;
  const at = (v: string | null) => (v === null ? null : new Date(v));
  return {
    ...json,
    created_at: new Date(json.created_at ?? 0),
    read_at: at(json.read_at),
    edited_at: at(json.edited_at),
    deleted_at: at(json.deleted_at),
  };
}

export async function sendInOneStatement(db: Database, m: SendInput): Promise<SendRow> {
  const { rows } = await sql<
    Omit<SendRow, 'prior' | 'inserted'> & {
      prior: MessageJson | null;
      inserted: MessageJson | null;
    }
  >`
    WITH c AS (
      SELECT c.id, c.user_low_id, c.user_high_id, c.origin, c.locked_sender, c.locked_receiver,
             c.unlock_cost, c.unlocked_at, c.closed_at,
             me.id AS me_participant_id, o.id AS other_participant_id, o.user_id AS other_id,
             o.muted AS other_muted, u.deleted_at AS other_deleted_at,
             u.last_seen_at AS other_last_seen_at, u.presence_offline_at AS other_offline_at,
             s.name AS sender_name, s.chat_hold_at IS NOT NULL AS sender_held
        FROM chats c
        JOIN chat_participants me
          ON me.chat_id = c.id AND me.user_id = ${m.senderId}::bigint AND me.left_at IS NULL
        JOIN chat_participants o ON o.chat_id = c.id AND o.user_id <> ${m.senderId}::bigint
        JOIN users u ON u.id = o.user_id
        JOIN users s ON s.id = ${m.senderId}::bigint
       WHERE c.id = ${m.chatId}::bigint
         AND NOT EXISTS (SELECT 1 FROM blocks b
              WHERE (b.blocker_id = ${m.senderId}::bigint AND b.blocked_id = o.user_id)
                 OR (b.blocker_id = o.user_id AND b.blocked_id = ${m.senderId}::bigint))
         FOR UPDATE OF c
    ),
    prior AS (
      SELECT ${cols('p')} FROM messages p
       WHERE p.sender_id = ${m.senderId}::bigint AND p.client_id = ${m.clientId ?? null}::uuid
    ),
    go AS (
      SELECT c.*,
             -- The lock rule's "the other member answered" and the shield's "a new contact"
             -- (fewer than SCAM_RECEIVER_MAX_MESSAGES messages from them), counted only when
             -- a rule needs it.
             CASE WHEN c.origin = 'match' THEN ${SCAM_RECEIVER_MAX_MESSAGES}::int
                  ELSE (SELECT count(*)::int FROM (
                          SELECT 1 FROM messages w
                           WHERE w.chat_id = c.id AND w.sender_id = c.other_id
                           LIMIT ${SCAM_RECEIVER_MAX_MESSAGES}::int) x)
             END AS other_wrote
        FROM c
       WHERE NOT EXISTS (SELECT 1 FROM prior)
         AND c.other_deleted_at IS NULL
         AND c.closed_at IS NULL
         AND NOT CASE WHEN c.me_participant_id < c.other_participant_id
                      THEN c.locked_sender ELSE c.locked_receiver END
    ),
    ins AS (
      INSERT INTO messages (chat_id, sender_id, type, content, file_key, duration_s,
                            reply_to_id, client_id, safety_flag)
      SELECT go.id, ${m.senderId}::bigint, ${m.type}::text, ${m.content}::text,
             ${m.fileKey ?? null}::text, ${m.durationS ?? null}::int,
             -- A reply to a message of another chat (or a deleted one) is stored as no reply.
             (SELECT r.id FROM messages r
               WHERE r.id = ${m.replyToId ?? null}::bigint AND r.chat_id = go.id
                 AND r.deleted_at IS NULL),
             ${m.clientId ?? null}::uuid,
             -- The shield's flag (scam-shield.ts isFlagged): a money request to a new
             -- contact, or in a match chat from a member the shield or the reports hold.
             ${m.scamSignal}::boolean AND ${m.type}::text = 'text'
               AND CASE WHEN go.origin = 'match' THEN go.sender_held
                        ELSE go.other_wrote < ${SCAM_RECEIVER_MAX_MESSAGES}::int END
        FROM go
      ON CONFLICT (sender_id, client_id) WHERE client_id IS NOT NULL DO NOTHING
      RETURNING ${cols('messages')}
    ),
    -- The other member gets the chat back in their list if they had left it (with a fresh
    -- history: the snapshot's newest message is the one before this).
    rejoin AS (
      UPDATE chat_participants p
         SET left_at = NULL,
             history_from_id = coalesce(
               (SELECT max(h.id) FROM messages h WHERE h.chat_id = go.id), 0)
        FROM go, ins
       WHERE p.chat_id = go.id AND p.user_id = go.other_id AND p.left_at IS NOT NULL
      RETURNING p.id
    ),
    -- Touched, and the lock rule (lock-rule.ts): in a contact chat the sender's introduction
    -- locks their side until the other member answers or it is unlocked; an answer lifts it.
    touch AS (
      UPDATE chats ch
         SET updated_at = now(),
             locked_sender = CASE
               WHEN go.origin = 'match' THEN ch.locked_sender
               WHEN go.me_participant_id < go.other_participant_id
                 THEN ch.locked_sender OR (go.other_wrote = 0 AND ch.unlocked_at IS NULL)
               ELSE false END,
             unlocked_at = CASE
               WHEN go.origin <> 'match' AND go.me_participant_id > go.other_participant_id
                    AND ch.locked_sender THEN now()
               ELSE ch.unlocked_at END
        FROM go, ins
       WHERE ch.id = go.id
      RETURNING ch.id
    ),
    -- The shield's hold: flagged in SCAM_HOLD_CHATS different chats within the window
    -- (this message included; only flags since the member's last review count).
    hold AS (
      UPDATE users hu
         SET chat_hold_at = now()
        FROM ins
       WHERE ins.safety_flag
         AND hu.id = ${m.senderId}::bigint
         AND hu.chat_hold_at IS NULL
         AND (SELECT count(DISTINCT f.chat_id) FROM (
                SELECT fm.chat_id FROM messages fm
                 WHERE fm.sender_id = ${m.senderId}::bigint
                   AND fm.safety_flag
                   AND fm.created_at > now() - make_interval(hours => ${SCAM_HOLD_WINDOW_HOURS}::int)
                   AND fm.created_at > coalesce(hu.scam_reviewed_at, '-infinity'::timestamptz)
                UNION ALL SELECT ins.chat_id) f) >= ${SCAM_HOLD_CHATS}::int
      RETURNING hu.id
    )
    SELECT c.id IS NOT NULL AS found,
           c.id, c.user_low_id, c.user_high_id, c.origin, c.locked_sender, c.locked_receiver,
           c.unlock_cost, c.me_participant_id, c.other_participant_id, c.other_id,
           c.other_muted, c.other_deleted_at, c.other_last_seen_at, c.other_offline_at,
           c.closed_at, c.sender_name,
           ${messageJson('p')} AS prior,
           ${messageJson('i')} AS inserted,
           EXISTS (SELECT 1 FROM hold) AS held
      FROM (SELECT 1) one
      LEFT JOIN c ON true
      LEFT JOIN prior p ON true
      LEFT JOIN ins i ON true
  `.execute(db);
  const row = rows[0];
  if (!row) throw new Error('send statement answered no row');
  return { ...row, prior: messageOf(row.prior), inserted: messageOf(row.inserted) };
}
