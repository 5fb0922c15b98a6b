/**
 * The outbox's one driver: what the member writes is queued here, and the chat's waiting
 * messages are sent one after the other, oldest first, by the one sending call the app installs
 * (`setOutboxSender`). Each attempt is a move of the state machine (outbox.ts): queued ->
 * sending -> sent (gone) / failed (refused, kept with its reason; retry queues it again) /
 * queued (answer lost or chat locked). A lost answer is tried again after 5 s, then 10 s, 20 s...
 * at most every minute, with the same client id, so the server answers the message it may
 * already hold. A locked chat waits for its unlock (`holdOutbox`). Screens follow it through
 * outboxStore's one subscription point.
 *
 * Why not TanStack Query's persisted paused mutations: their variables are persisted as JSON
 * (the photo and voice bytes are not), they resume only through mutation defaults registered
 * before the cache is restored, and nothing there ties a mutation to the session that wrote it,
 * which a shared phone needs.
 */
import { newOutboxItem, nextToSend, type OutboxDraft, type OutboxItem } from './outbox';
import { saveOutboxBlob } from './outboxBlobs';
import {
  announceToOutbox,
  applyToOutbox,
  chatsWithOutbox,
  readOutbox,
  type SendResult,
} from './outboxStore';
import { onSessionEnd, sessionOwner } from '../../auth/session';

export type OutboxSender = (item: OutboxItem) => Promise<SendResult>;
/** How a drive ended: all sent (or refused), stopped, or not started (offline, held, busy). */
export type DriveResult = 'done' | 'network' | 'locked' | 'waiting' | 'busy';

const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 60_000;

let sender: OutboxSender | null = null;
const driving = new Set<number>();
const held = new Set<number>();
const retryTimers = new Map<number, ReturnType<typeof setTimeout>>();
const retryDelays = new Map<number, number>();

onSessionEnd(() => {
  retryTimers.forEach((t) => clearTimeout(t));
  retryTimers.clear();
  retryDelays.clear();
  held.clear();
});

const isOffline = () => typeof navigator !== 'undefined' && !navigator.onLine;

/** The call that sends one message and files its answer (api/useChatMessages). */
export function setOutboxSender(send: OutboxSender): void {
  sender = send;
}

/** Queues a message of the signed-in session (a photo or voice clip with its bytes), sends it. */
export function queueMessage(chatId: number, draft: OutboxDraft, blob: Blob | null = null) {
  // Without a session ('' matches none) the message is never sent.
  const item = newOutboxItem(chatId, draft, Date.now(), sessionOwner() ?? '');
  if (blob) void saveOutboxBlob(item.local_id, blob);
  applyToOutbox(chatId, { type: 'queue', item });
  void driveOutbox(chatId);
  return item;
}

/** A refused message goes back in line (same client id). */
export function retryMessage(chatId: number, localId: string): void {
  applyToOutbox(chatId, { type: 'retry', localId });
  void driveOutbox(chatId);
}

export function discardMessage(chatId: number, localId: string): void {
  applyToOutbox(chatId, { type: 'discard', localId });
}

/** The chat is locked for the member: nothing leaves until `releaseOutbox`. */
export function holdOutbox(chatId: number): void {
  held.add(chatId);
}

export function releaseOutbox(chatId: number): void {
  held.delete(chatId);
}

/** Every chat with messages waiting on this device. */
export function driveAllOutboxes(): void {
  for (const chatId of chatsWithOutbox()) void driveOutbox(chatId);
}

/** Sends the chat's waiting messages now (a pending retry is brought forward). */
export async function driveOutbox(chatId: number): Promise<DriveResult> {
  clearTimeout(retryTimers.get(chatId));
  retryTimers.delete(chatId);
  if (!sender || held.has(chatId) || isOffline()) return 'waiting';
  if (driving.has(chatId)) return 'busy';
  driving.add(chatId);
  let result: DriveResult;
  try {
    result = await sendInOrder(chatId, sender);
  } finally {
    driving.delete(chatId);
  }
  afterDrive(chatId, result);
  return result;
}

/**
 * One message at a time, oldest first. Stops at a lost answer or a locked chat (the message
 * stays first in line); a refused message is kept, marked failed, and the next one goes.
 */
async function sendInOrder(chatId: number, send: OutboxSender): Promise<DriveResult> {
  for (;;) {
    const next = nextToSend(readOutbox(chatId));
    // None left, or written under another session: never sent under this one's name.
    if (!next || next.owner !== sessionOwner()) return 'done';
    const localId = next.local_id;
    applyToOutbox(chatId, { type: 'start', localId });
    const result = await send(next).catch((): SendResult => ({ kind: 'network' }));
    if (result.kind === 'sent') {
      applyToOutbox(chatId, { type: 'sent', localId });
    } else if (result.kind === 'failed') {
      applyToOutbox(chatId, { type: 'refused', localId, error: result.error });
      announceToOutbox(chatId, { kind: 'refused', item: next, error: result.error });
    } else {
      applyToOutbox(chatId, { type: 'lost', localId });
      return result.kind;
    }
  }
}

/** After a lost answer, one notice per outage, then quiet attempts until one gets through. */
function afterDrive(chatId: number, result: DriveResult) {
  if (result === 'locked') announceToOutbox(chatId, { kind: 'locked' });
  if (result === 'done') retryDelays.delete(chatId);
  if (result !== 'network') return;
  const delay = retryDelays.get(chatId) ?? 0;
  if (delay === 0)
    announceToOutbox(chatId, { kind: 'offline', item: nextToSend(readOutbox(chatId)) });
  const next = Math.min(RETRY_MAX_MS, delay * 2 || RETRY_FIRST_MS);
  retryDelays.set(chatId, next);
  retryTimers.set(
    chatId,
    setTimeout(() => void driveOutbox(chatId), next),
  );
}
