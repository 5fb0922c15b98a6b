/**
 * The outbox of text messages (offline first): every text message waits here, in the order it
 * was written, until the server has it. Pure queue functions plus their storage per chat in
 * localStorage, so a reload, a lost connection or a closed tab loses nothing.
 */
export type OutboxState = 'queued' | 'sending' | 'failed';

export interface OutboxItem {
  local_id: string;
  chat_id: number;
  content: string;
  created_at: string;
  state: OutboxState;
  /** Why the server refused it (failed items only). */
  error?: string;
}

export const outboxStorageKey = (chatId: number) => `chat-outbox:${chatId}`;

let counter = 0;
/** A local id unique on this device (crypto.randomUUID needs a secure context). */
export function newLocalId(now: number): string {
  counter += 1;
  return `${now.toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

export function enqueue(items: OutboxItem[], item: OutboxItem): OutboxItem[] {
  return [...items, item];
}

/**
 * The next message to send, or null: the oldest queued one, and none while one is on its way
 * (messages reach the server in the order they were written).
 */
export function nextToSend(items: OutboxItem[]): OutboxItem | null {
  if (items.some((i) => i.state === 'sending')) return null;
  return items.find((i) => i.state === 'queued') ?? null;
}

export function setState(
  items: OutboxItem[],
  localId: string,
  state: OutboxState,
  error?: string,
): OutboxItem[] {
  return items.map((i) =>
    i.local_id === localId ? { ...i, state, error: state === 'failed' ? error : undefined } : i,
  );
}

export function removeItem(items: OutboxItem[], localId: string): OutboxItem[] {
  return items.filter((i) => i.local_id !== localId);
}

const isItem = (v: unknown): v is OutboxItem => {
  if (!v || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o.local_id === 'string' &&
    typeof o.chat_id === 'number' &&
    typeof o.content === 'string' &&
    typeof o.created_at === 'string' &&
    (o.state === 'queued' || o.state === 'sending' || o.state === 'failed')
  );
};

/**
 * Reads a stored outbox. A message that was on its way when the page closed is queued again:
 * the server may not have it (a duplicate is better than a loss).
 */
export function parseOutbox(raw: string | null, chatId: number): OutboxItem[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter(isItem)
    .filter((i) => i.chat_id === chatId)
    .map((i) => (i.state === 'sending' ? { ...i, state: 'queued' as const } : i));
}
