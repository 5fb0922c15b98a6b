import { describe, expect, it } from 'vitest';
import { laterStatus, tickLook, tickState } from './ticks';

describe('message ticks', () => {
  it('shows a single grey tick when sent, two grey when delivered, two blue when read', () => {
    expect(tickLook(tickState({ status: 'sent' }))).toMatchObject({ ticks: 1, blue: false });
    expect(tickLook(tickState({ status: 'delivered' }))).toMatchObject({ ticks: 2, blue: false });
    expect(tickLook(tickState({ status: 'read' }))).toMatchObject({ ticks: 2, blue: true });
  });

  it('shows the clock for a message waiting in the outbox, sending or not', () => {
    expect(tickState({ state: 'queued' })).toBe('pending');
    expect(tickState({ state: 'sending' })).toBe('pending');
    expect(tickLook('pending')).toMatchObject({ ticks: 0, label: 'En attente de connexion' });
    expect(tickState({ state: 'failed' })).toBe('failed');
  });

  it('never moves a status backwards', () => {
    expect(laterStatus('read', 'delivered')).toBe('read');
    expect(laterStatus('sent', 'delivered')).toBe('delivered');
    expect(laterStatus('delivered', 'read')).toBe('read');
  });
});
