import { describe, expect, it } from 'vitest';
import {
  newLocalId,
  newOutboxItem,
  nextToSend,
  parseOutbox,
  step,
  storedLocalIds,
  type OutboxEvent,
  type OutboxItem,
} from './outbox';

const OWNER = 'session-a';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The outbox after these moves. */
const after = (items: OutboxItem[], ...events: OutboxEvent[]) => events.reduce(step, items);
const start = (localId: string): OutboxEvent => ({ type: 'start', localId });
const lost = (localId: string): OutboxEvent => ({ type: 'lost', localId });
const refused = (localId: string, error: string): OutboxEvent => ({
  type: 'refused',
  localId,
  error,
});

const item = (n: number, state: OutboxItem['state'] = 'queued'): OutboxItem => ({
  local_id: `l${n}`,
  chat_id: 7,
  kind: 'text',
  content: `message ${n}`,
  client_id: `00000000-0000-4000-8000-00000000000${n}`,
  owner: OWNER,
  created_at: new Date(2025, 2, 5, 10, n).toISOString(),
  state,
});

/** An item as stored before messages carried a kind and a client id. */
const storedBeforeClientIds = (n: number) => {
  const { kind: _kind, client_id: _clientId, ...old } = item(n);
  return old;
};

/** An item as stored before messages carried the session that wrote them. */
const storedBeforeOwners = (n: number) => {
  const { owner: _owner, ...old } = item(n);
  return old;
};

describe('the outbox queue', () => {
  it('sends messages in the order they were written', () => {
    let q = after([], ...[1, 2, 3].map((n): OutboxEvent => ({ type: 'queue', item: item(n) })));
    const sent: string[] = [];
    for (let next = nextToSend(q); next; next = nextToSend(q)) {
      q = step(q, start(next.local_id));
      expect(nextToSend(q)).toBeNull();
      sent.push(next.content);
      q = step(q, { type: 'sent', localId: next.local_id });
    }
    expect(sent).toEqual(['message 1', 'message 2', 'message 3']);
    expect(q).toEqual([]);
  });

  it('waits while a message is on its way', () => {
    expect(nextToSend([item(1, 'sending'), item(2)])).toBeNull();
  });

  it('keeps a network failure first in line', () => {
    const q = after([item(1), item(2)], start('l1'), lost('l1'));
    expect(nextToSend(q)?.local_id).toBe('l1');
  });

  it('skips a message the server refused, keeping it with its reason, until retried', () => {
    const q = after([item(1), item(2)], start('l1'), refused('l1', 'Message trop long'));
    expect(nextToSend(q)?.local_id).toBe('l2');
    expect(q[0]).toMatchObject({ state: 'failed', error: 'Message trop long' });
    const retried = step(q, { type: 'retry', localId: 'l1' });
    expect(retried[0]).toMatchObject({ state: 'queued', error: undefined });
    expect(nextToSend(retried)?.local_id).toBe('l1');
  });

  it('ignores a move from the wrong state: a late answer cannot undo a later choice', () => {
    const waiting = [item(1)];
    // Not on its way: an answer (sent, refused, lost) or a retry changes nothing.
    expect(step(waiting, { type: 'sent', localId: 'l1' })).toBe(waiting);
    expect(step(waiting, refused('l1', 'Refusé'))).toBe(waiting);
    expect(step(waiting, lost('l1'))).toBe(waiting);
    expect(step(waiting, { type: 'retry', localId: 'l1' })).toBe(waiting);
    // Discarded while on its way: its answer finds nothing to change.
    const gone = after(waiting, start('l1'), { type: 'discard', localId: 'l1' });
    expect(step(gone, { type: 'sent', localId: 'l1' })).toBe(gone);
    expect(gone).toEqual([]);
    // Already on its way: not started twice.
    const sending = step(waiting, start('l1'));
    expect(step(sending, start('l1'))).toBe(sending);
  });

  it('gives unique local ids', () => {
    expect(newLocalId(1000)).not.toBe(newLocalId(1000));
  });

  it('gives each new message its own client id (a UUID) when it is queued', () => {
    const a = newOutboxItem(7, { kind: 'text', content: 'Bonjour' }, 1000, OWNER);
    const b = newOutboxItem(7, { kind: 'audio', seconds: 4, file_name: 'voice.webm' }, 1000, OWNER);
    expect(a.client_id).toMatch(UUID);
    expect(b.client_id).toMatch(UUID);
    expect(a.client_id).not.toBe(b.client_id);
    expect(b).toMatchObject({ kind: 'audio', content: '', seconds: 4, state: 'queued' });
  });

  it('keeps the client id through every change of state', () => {
    const q = after(
      [item(1)],
      start('l1'),
      lost('l1'),
      start('l1'),
      refused('l1', 'Refusé'),
      { type: 'retry', localId: 'l1' },
      start('l1'),
    );
    expect(q[0]).toMatchObject({ state: 'sending', client_id: item(1).client_id });
  });
});

describe('the stored outbox', () => {
  it('reads back what was stored, in order, requeuing a message cut off while sending', () => {
    const raw = JSON.stringify([item(1, 'sending'), item(2), item(3, 'failed')]);
    expect(parseOutbox(raw, 7, OWNER).map((i) => [i.local_id, i.state])).toEqual([
      ['l1', 'queued'],
      ['l2', 'queued'],
      ['l3', 'failed'],
    ]);
  });

  it('reads back each message with the client id it was queued with', () => {
    const stored = [item(1), { ...item(2, 'sending'), kind: 'image', file_name: 'photo.jpg' }];
    expect(parseOutbox(JSON.stringify(stored), 7, OWNER)).toEqual([
      item(1),
      { ...item(2), kind: 'image', file_name: 'photo.jpg' },
    ]);
  });

  it('still sends messages stored before client ids: text, each with a new UUID', () => {
    const raw = JSON.stringify([storedBeforeClientIds(1), storedBeforeClientIds(2)]);
    const [first, second] = parseOutbox(raw, 7, OWNER);
    expect(first).toMatchObject({ local_id: 'l1', kind: 'text', content: 'message 1' });
    expect(first?.client_id).toMatch(UUID);
    expect(second?.client_id).toMatch(UUID);
    expect(first?.client_id).not.toBe(second?.client_id);
    expect(nextToSend(parseOutbox(raw, 7, OWNER))?.local_id).toBe('l1');
  });

  it('ignores broken or foreign data', () => {
    expect(parseOutbox(null, 7, OWNER)).toEqual([]);
    expect(parseOutbox('{pas du json', 7, OWNER)).toEqual([]);
    expect(parseOutbox('{"a":1}', 7, OWNER)).toEqual([]);
    expect(parseOutbox(JSON.stringify([item(1), { local_id: 3 }]), 7, OWNER)).toHaveLength(1);
    expect(parseOutbox(JSON.stringify([item(1)]), 8, OWNER)).toEqual([]);
    expect(parseOutbox(JSON.stringify([{ ...item(1), kind: 'video' }]), 7, OWNER)).toEqual([]);
    expect(parseOutbox(JSON.stringify([{ ...item(1), seconds: '4' }]), 7, OWNER)).toEqual([]);
  });

  it("reads only the signed-in session's items: another member's, or an unsigned one, never", () => {
    const raw = JSON.stringify([
      item(1),
      { ...item(2), owner: 'session-b' },
      storedBeforeOwners(3),
    ]);
    expect(parseOutbox(raw, 7, OWNER).map((i) => i.local_id)).toEqual(['l1']);
    expect(parseOutbox(raw, 7, 'session-b').map((i) => i.local_id)).toEqual(['l2']);
    expect(parseOutbox(raw, 7, 'session-c')).toEqual([]);
    expect(storedLocalIds(raw)).toEqual(['l1', 'l2', 'l3']);
  });
});
