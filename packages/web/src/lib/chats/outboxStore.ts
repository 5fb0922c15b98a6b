/**
 * The outbox kept per chat in memory and localStorage (photo and voice bytes in outboxBlobs),
 * readable from React, and the loop that sends it in order. The sending itself (the call and
 * the caches) is handed in by the caller. It is the signed-in session's outbox only: items of
 * another session found in storage are deleted with their bytes, never sent (auth/memberData).
 */
import { useCallback, useSyncExternalStore } from 'react';
import {
  enqueue,
  newOutboxItem,
  nextToSend,
  outboxStorageKey,
  parseOutbox,
  removeItem,
  setState,
  storedLocalIds,
  type OutboxDraft,
  type OutboxItem,
} from './outbox';
import { deleteOutboxBlob, saveOutboxBlob } from './outboxBlobs';
import { onSessionEnd, sessionOwner } from '../../auth/session';

const PREFIX = outboxStorageKey(0).replace(/0$/, '');
const memory = new Map<number, OutboxItem[]>();
/** The session whose outboxes `memory` holds. */
let memoryOwner: string | null = null;
const listeners = new Map<number, Set<() => void>>();
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

/** Queues a message; a photo or a voice clip comes with its bytes, kept until it is sent. */
export function addToOutbox(chatId: number, draft: OutboxDraft, blob: Blob | null = null) {
  // Without a session ('' matches none) the message is never sent.
  const item = newOutboxItem(chatId, draft, Date.now(), sessionOwner() ?? '');
  if (blob) void saveOutboxBlob(item.local_id, blob);
  writeOutbox(chatId, enqueue(readOutbox(chatId), item));
  return item;
}

export function retryOutboxItem(chatId: number, localId: string) {
  writeOutbox(chatId, setState(readOutbox(chatId), localId, 'queued'));
}

/** Sent or discarded: the item leaves, and its bytes with it. */
export function discardOutboxItem(chatId: number, localId: string) {
  writeOutbox(chatId, removeItem(readOutbox(chatId), localId));
  deleteOutboxBlob(localId);
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

export function useOutboxItems(chatId: number): OutboxItem[] {
  const subscribe = useCallback(
    (l: () => void) => {
      const set = listeners.get(chatId) ?? new Set();
      set.add(l);
      listeners.set(chatId, set);
      return () => set.delete(l);
    },
    [chatId],
  );
  return useSyncExternalStore(subscribe, () => readOutbox(chatId));
}

export type SendResult =
  { kind: 'sent' } | { kind: 'network' } | { kind: 'locked' } | { kind: 'failed'; error: string };
export type FlushResult = 'done' | 'busy' | 'network' | 'locked';

const flushing = new Set<number>();

/**
 * Sends the chat's waiting messages one after the other, oldest first. Stops at a network
 * failure or a locked chat (the message stays first in line); a refused message is kept,
 * marked failed, and the next one goes.
 */
export async function flushOutbox(
  chatId: number,
  send: (item: OutboxItem) => Promise<SendResult>,
  onFailed?: (item: OutboxItem, error: string) => void,
): Promise<FlushResult> {
  if (flushing.has(chatId)) return 'busy';
  flushing.add(chatId);
  try {
    for (;;) {
      const next = nextToSend(readOutbox(chatId));
      if (!next) return 'done';
      // Written under another session: never sent under this one's name.
      if (next.owner !== sessionOwner()) return 'done';
      writeOutbox(chatId, setState(readOutbox(chatId), next.local_id, 'sending'));
      let result: SendResult;
      try {
        result = await send(next);
      } catch {
        result = { kind: 'network' };
      }
      if (result.kind === 'sent') {
        discardOutboxItem(chatId, next.local_id);
      } else if (result.kind === 'failed') {
        writeOutbox(chatId, setState(readOutbox(chatId), next.local_id, 'failed', result.error));
        onFailed?.(next, result.error);
      } else {
        writeOutbox(chatId, setState(readOutbox(chatId), next.local_id, 'queued'));
        return result.kind;
      }
    }
  } finally {
    flushing.delete(chatId);
  }
}
