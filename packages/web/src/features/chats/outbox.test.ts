import { describe, expect, it } from 'vitest';
import {
  enqueue,
  newLocalId,
  nextToSend,
  parseOutbox,
  removeItem,
  setState,
  type OutboxItem,
} from './outbox';

const item = (n: number, state: OutboxItem['state'] = 'queued'): OutboxItem => ({
  local_id: `l${n}`,
  chat_id: 7,
  content: `message ${n}`,
  created_at: new Date(2025, 2, 5, 10, n).toISOString(),
  state,
});

describe('the outbox queue', () => {
  it('sends messages in the order they were written', () => {
    let q: OutboxItem[] = [];
    q = enqueue(q, item(1));
    q = enqueue(q, item(2));
    q = enqueue(q, item(3));
    const sent: string[] = [];
    for (let next = nextToSend(q); next; next = nextToSend(q)) {
      q = setState(q, next.local_id, 'sending');
      expect(nextToSend(q)).toBeNull();
      sent.push(next.content);
      q = removeItem(q, next.local_id);
    }
    expect(sent).toEqual(['message 1', 'message 2', 'message 3']);
    expect(q).toEqual([]);
  });

  it('waits while a message is on its way', () => {
    expect(nextToSend([item(1, 'sending'), item(2)])).toBeNull();
  });

  it('keeps a network failure first in line', () => {
    let q = [item(1), item(2)];
    q = setState(q, 'l1', 'sending');
    q = setState(q, 'l1', 'queued');
    expect(nextToSend(q)?.local_id).toBe('l1');
  });

  it('skips a message the server refused, keeping it with its reason', () => {
    const q = setState([item(1), item(2)], 'l1', 'failed', 'Message trop long');
    expect(nextToSend(q)?.local_id).toBe('l2');
    expect(q[0]).toMatchObject({ state: 'failed', error: 'Message trop long' });
    expect(setState(q, 'l1', 'queued')[0]?.error).toBeUndefined();
  });

  it('gives unique local ids', () => {
    expect(newLocalId(1000)).not.toBe(newLocalId(1000));
  });
});

describe('the stored outbox', () => {
  it('reads back what was stored, in order, requeuing a message cut off while sending', () => {
    const raw = JSON.stringify([item(1, 'sending'), item(2), item(3, 'failed')]);
    expect(parseOutbox(raw, 7).map((i) => [i.local_id, i.state])).toEqual([
      ['l1', 'queued'],
      ['l2', 'queued'],
      ['l3', 'failed'],
    ]);
  });

  it('ignores broken or foreign data', () => {
    expect(parseOutbox(null, 7)).toEqual([]);
    expect(parseOutbox('{pas du json', 7)).toEqual([]);
    expect(parseOutbox('{"a":1}', 7)).toEqual([]);
    expect(parseOutbox(JSON.stringify([item(1), { local_id: 3 }]), 7)).toHaveLength(1);
    expect(parseOutbox(JSON.stringify([item(1)]), 8)).toEqual([]);
  });
});
