import { describe, expect, it } from 'vitest';
import { BUILD_ID, PERSIST_MAX_AGE_MS, usableRecord } from './persistedCache';

const NOW = Date.UTC(2025, 2, 5);
const record = (fields: Record<string, unknown> = {}) => ({
  build: BUILD_ID,
  owner: 'session-a',
  saved_at: NOW - 60_000,
  state: { mutations: [], queries: [] },
  ...fields,
});

describe('the kept screens read back', () => {
  it('are shown to the session that wrote them, from this build, within a week', () => {
    expect(usableRecord(record(), 'session-a', NOW)).toBe(true);
  });

  it('are dropped by a new build', () => {
    expect(usableRecord(record({ build: `${BUILD_ID}-avant` }), 'session-a', NOW)).toBe(false);
  });

  it("are never shown to another member's session, nor without a session", () => {
    expect(usableRecord(record(), 'session-b', NOW)).toBe(false);
    expect(usableRecord(record(), null, NOW)).toBe(false);
    expect(usableRecord(record({ owner: undefined }), 'session-a', NOW)).toBe(false);
  });

  it('are dropped when too old or damaged', () => {
    const old = NOW - PERSIST_MAX_AGE_MS - 1;
    expect(usableRecord(record({ saved_at: old }), 'session-a', NOW)).toBe(false);
    expect(usableRecord(record({ state: null }), 'session-a', NOW)).toBe(false);
    expect(usableRecord('pas un objet', 'session-a', NOW)).toBe(false);
  });
});
