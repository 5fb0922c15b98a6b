/**
 * The outbox (offline first): every message (text, photo, voice) waits here, in the order it
 * was written, until the server has it. The state machine's moves as one pure function (`step`)
 * plus the parsing of their storage per chat in localStorage (the photo and voice bytes are kept apart, see outboxBlobs), so a
 * reload, a lost connection or a closed tab loses nothing. Each message carries its `client_id`
 * from the moment it is queued: a retry after a lost answer is recognised by the server, and the
 * session that wrote it (`owner`, auth/memberData): read under another session, it is dropped,
 * never sent in another member's name.
 */
import { newClientId } from './clientId';

type OutboxState = 'queued' | 'sending' | 'failed';
type OutboxKind = 'text' | 'image' | 'audio';

export interface OutboxItem {
  local_id: string;
  chat_id: number;
  kind: OutboxKind;
  /** The text, or the photo's caption ('' for a voice message). */
  content: string;
  /** Sent with every attempt (the server's idempotency key). */
  client_id: string;
  /** The digest of the session that wrote it: only that session may send it. */
  owner: string;
  created_at: string;
  state: OutboxState;
  /** Why the server refused it (failed items only). */
  error?: string;
  /** Photos and voice messages: the file's name (for a voice message, its format). */
  file_name?: string;
  /** Voice messages: the length in seconds. */
  seconds?: number;
}

/** What the member wrote or recorded; the blob itself goes to outboxBlobs. */
export type OutboxDraft =
  | { kind: 'text'; content: string }
  | { kind: 'image'; content: string; file_name: string }
  | { kind: 'audio'; seconds: number; file_name: string };

export const outboxStorageKey = (chatId: number) => `chat-outbox:${chatId}`;

let counter = 0;
/** A local id unique on this device (crypto.randomUUID needs a secure context). */
export function newLocalId(now: number): string {
  counter += 1;
  return `${now.toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A new queued item of the session `owner`, with its client id made once, here. */
export function newOutboxItem(
  chatId: number,
  draft: OutboxDraft,
  now: number,
  owner: string,
): OutboxItem {
  return {
    local_id: newLocalId(now),
    chat_id: chatId,
    content: '',
    ...draft,
    client_id: newClientId(),
    owner,
    created_at: new Date(now).toISOString(),
    state: 'queued',
  };
}

/**
 * What happens to a message in the outbox. Each one is a move of the state machine
 *   queued -> sending -> (sent: gone) | failed | queued again (lost answer, locked chat)
 *   failed -> queued (retry), and any state -> gone (discarded)
 * and a move from any other state is ignored, so a late answer cannot undo a later choice.
 */
export type OutboxEvent =
  | { type: 'queue'; item: OutboxItem }
  | { type: 'start'; localId: string }
  | { type: 'sent'; localId: string }
  | { type: 'refused'; localId: string; error: string }
  | { type: 'lost'; localId: string }
  | { type: 'retry'; localId: string }
  | { type: 'discard'; localId: string };

/** The state each move starts from (null: any). */
const FROM: Record<OutboxEvent['type'], OutboxState | null> = {
  queue: null,
  start: 'queued',
  sent: 'sending',
  refused: 'sending',
  lost: 'sending',
  retry: 'failed',
  discard: null,
};

/** The outbox after `event`; the same array when the move does not apply. */
export function step(items: OutboxItem[], event: OutboxEvent): OutboxItem[] {
  if (event.type === 'queue') return [...items, event.item];
  const target = items.find((i) => i.local_id === event.localId);
  const from = FROM[event.type];
  if (!target || (from !== null && target.state !== from)) return items;
  if (event.type === 'sent' || event.type === 'discard') {
    return items.filter((i) => i !== target);
  }
  const next: OutboxItem =
    event.type === 'refused'
      ? { ...target, state: 'failed', error: event.error }
      : { ...target, state: event.type === 'start' ? 'sending' : 'queued', error: undefined };
  return items.map((i) => (i === target ? next : i));
}

/**
 * The next message to send, or null: the oldest queued one, and none while one is on its way
 * (messages reach the server in the order they were written).
 */
export function nextToSend(items: OutboxItem[]): OutboxItem | null {
  if (items.some((i) => i.state === 'sending')) return null;
  return items.find((i) => i.state === 'queued') ?? null;
}

/** A stored item; `kind`, `client_id` and `owner` may be missing (stored before they existed). */
type StoredItem = Omit<OutboxItem, 'kind' | 'client_id' | 'owner'> & {
  kind?: OutboxKind;
  client_id?: string;
  owner?: string;
};

const isStoredItem = (v: unknown): v is StoredItem => {
  if (!v || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o.local_id === 'string' &&
    typeof o.chat_id === 'number' &&
    typeof o.content === 'string' &&
    typeof o.created_at === 'string' &&
    (o.state === 'queued' || o.state === 'sending' || o.state === 'failed') &&
    (o.kind === undefined || o.kind === 'text' || o.kind === 'image' || o.kind === 'audio') &&
    (o.client_id === undefined || typeof o.client_id === 'string') &&
    (o.owner === undefined || typeof o.owner === 'string') &&
    (o.file_name === undefined || typeof o.file_name === 'string') &&
    (o.seconds === undefined || typeof o.seconds === 'number')
  );
};

function storedItems(raw: string | null): StoredItem[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  return Array.isArray(parsed) ? parsed.filter(isStoredItem) : [];
}

/** The local ids of every item stored (whoever wrote them), to forget their bytes. */
export const storedLocalIds = (raw: string | null) => storedItems(raw).map((i) => i.local_id);

/**
 * Reads the items the session `owner` stored in a chat's outbox; another session's items, and
 * items stored before they carried their session, are left out: nobody can tell who wrote them.
 * A message that was on its way when the page closed is queued again: the server may have it,
 * and its client id makes the new attempt answer the stored one. Items stored before client ids
 * existed are text messages and get one now (it is stored again before their first attempt, see
 * outboxMachine).
 */
export function parseOutbox(raw: string | null, chatId: number, owner: string): OutboxItem[] {
  return storedItems(raw)
    .filter((i) => i.chat_id === chatId && i.owner !== undefined && i.owner === owner)
    .map((i): OutboxItem => ({
      ...i,
      kind: i.kind ?? 'text',
      client_id: i.client_id || newClientId(),
      owner,
      state: i.state === 'sending' ? 'queued' : i.state,
    }));
}
