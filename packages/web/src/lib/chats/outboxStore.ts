/**
 * The outbox kept per chat in memory and localStorage (photo and voice bytes in outboxBlobs),
 * changed only by the state machine's moves (`applyToOutbox`, see outbox.ts), and its one
 * subscription point: a listener hears every change, and the notices the sending loop
 * (outboxMachine) gives about that chat. It is the signed-in session's outbox only: items of
 * another session found in storage are deleted with their bytes, never sent (auth/memberData).
 */
import {
  outboxStorageKey,
  parseOutbox,
  step,
  storedLocalIds,
  type OutboxEvent,
  type OutboxItem,
} from './outbox';
import { deleteOutboxBlob } from './outboxBlobs';
import { onSessionEnd, sessionOwner } from '../../auth/session';

/** Told to the chat's listeners besides a change (the screen shows them). */
export type OutboxNotice =
  /** The server refused this message; it stays, marked failed, and the next one goes. */
  | { kind: 'refused'; item: OutboxItem; error: string }
  /** The connection failed: the first failure of an outage (quiet retries follow). */
  | { kind: 'offline'; item: OutboxItem | null }
  /** The chat is locked for the member: the outbox waits for the unlock. */
  | { kind: 'locked' };
type OutboxListener = (notice?: OutboxNotice) => void;

/** How one attempt ended, as the sending call reports it. */
export type SendResult =
  { kind: 'sent' } | { kind: 'network' } | { kind: 'locked' } | { kind: 'failed'; error: string };

const PREFIX = outboxStorageKey(0).replace(/0$/, '');
const memory = new Map<number, OutboxItem[]>();
/** The session whose outboxes `memory` holds. */
let memoryOwner: string | null = null;
const listeners = new Map<number, Set<OutboxListener>>();
const NONE: OutboxItem[] = [];

onSessionEnd(() => {
  memory.clear();
  memoryOwner = null;
  listeners.forEach((set) => set.forEach((l) => l()));
});

function storageGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Reads the chat's outbox from storage, deleting what another session left there. */
function loadOutbox(chatId: number, owner: string): OutboxItem[] {
  const raw = storageGet(outboxStorageKey(chatId));
  const items = parseOutbox(raw, chatId, owner);
  const own = new Set(items.map((i) => i.local_id));
  const foreign = storedLocalIds(raw).filter((id) => !own.has(id));
  if (foreign.length) {
    foreign.forEach(deleteOutboxBlob);
    try {
      if (items.length) localStorage.setItem(outboxStorageKey(chatId), JSON.stringify(items));
      else localStorage.removeItem(outboxStorageKey(chatId));
    } catch {
      // Refused: they stay unreadable to this session all the same.
    }
  }
  return items;
}

/** The chat's waiting messages of the signed-in session (none without a session). */
export function readOutbox(chatId: number): OutboxItem[] {
  const owner = sessionOwner();
  if (owner !== memoryOwner) {
    memory.clear();
    memoryOwner = owner;
  }
  if (owner === null) return NONE;
  let items = memory.get(chatId);
  if (!items) {
    items = loadOutbox(chatId, owner);
    memory.set(chatId, items);
  }
  return items;
}

function writeOutbox(chatId: number, items: OutboxItem[]) {
  memory.set(chatId, items);
  try {
    if (items.length) localStorage.setItem(outboxStorageKey(chatId), JSON.stringify(items));
    else localStorage.removeItem(outboxStorageKey(chatId));
  } catch {
    // Storage full or refused: the messages still wait in memory for this session.
  }
  listeners.get(chatId)?.forEach((l) => l());
}

/**
 * Makes one move of the state machine on the chat's outbox, stores it and tells the listeners.
 * A message that leaves (sent or discarded) takes its photo or voice bytes with it.
 */
export function applyToOutbox(chatId: number, event: OutboxEvent): void {
  const before = readOutbox(chatId);
  const after = step(before, event);
  if (after === before) return;
  writeOutbox(chatId, after);
  if (event.type === 'sent' || event.type === 'discard') deleteOutboxBlob(event.localId);
}

/** Tells the chat's listeners something that is not a change of its items. */
export function announceToOutbox(chatId: number, notice: OutboxNotice): void {
  listeners.get(chatId)?.forEach((l) => l(notice));
}

/** The one subscription point of a chat's outbox: changes, then notices. */
export function subscribeOutbox(chatId: number, listener: OutboxListener): () => void {
  const set = listeners.get(chatId) ?? new Set();
  set.add(listener);
  listeners.set(chatId, set);
  return () => set.delete(listener);
}

/** Chats with messages waiting on this device. */
export function chatsWithOutbox(): number[] {
  const ids: number[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      const id = key?.startsWith(PREFIX) ? Number(key.slice(PREFIX.length)) : NaN;
      if (Number.isInteger(id) && id > 0) ids.push(id);
    }
  } catch {
    // No storage: only this session's outboxes, already in memory.
  }
  for (const [id, items] of memory) if (items.length && !ids.includes(id)) ids.push(id);
  return ids;
}
