import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@app/shared';
import { clearSession, memberDataForgotten, setToken } from './session';
import { ownerOf } from './memberData';
import { loadDraft, saveDraft } from '../features/chats/draft';
import { memoryStorage } from '../test/memoryStorage';

let local = memoryStorage();
let session = memoryStorage();
beforeEach(() => {
  local = memoryStorage();
  session = memoryStorage();
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', session);
});
afterEach(() => vi.unstubAllGlobals());

describe("a member's things on a shared phone", () => {
  it('tells sessions apart without keeping the token', () => {
    expect(ownerOf('jeton-a')).not.toBe(ownerOf('jeton-b'));
    expect(ownerOf('jeton-a')).toBe(ownerOf('jeton-a'));
    expect(ownerOf('jeton-a')).not.toContain('jeton');
  });

  it('keeps a draft for the session that typed it only', () => {
    setToken('jeton-a');
    saveDraft(5, 'Salut, ça va ?');
    expect(loadDraft(5)).toBe('Salut, ça va ?');
    local.kept.set(TOKEN_STORAGE_KEY, 'jeton-b'); // B signs in without A signing out
    expect(loadDraft(5)).toBe('');
  });

  it('signing out forgets drafts, the outbox and the other memories, not the device', async () => {
    setToken('jeton-a');
    saveDraft(5, 'Brouillon de A');
    local.kept.set('chat-outbox:5', '[]');
    local.kept.set('scam-shield:ignored', '12');
    local.kept.set('reminders', '{}');
    local.kept.set('daily_reward_shown', '2025-03-05');
    local.kept.set('push_optin_dismissed_at', '1');
    local.kept.set('device_id', 'appareil');
    local.kept.set('data-saver', 'on');
    session.kept.set('stories_viewed', '[1]');

    clearSession();
    await memberDataForgotten();

    expect([...local.kept.keys()].sort()).toEqual(['data-saver', 'device_id']);
    expect([...session.kept.keys()]).toEqual([]);
  });

  it('a new session drops what an earlier one left (its sign-out never ran)', async () => {
    setToken('jeton-a');
    saveDraft(5, 'Brouillon de A');
    local.kept.set('chat-outbox:5', '[]');
    setToken('jeton-b');
    await memberDataForgotten();
    expect([...local.kept.keys()].filter((k) => k.startsWith('chat-'))).toEqual([]);
    expect(local.kept.get(TOKEN_STORAGE_KEY)).toBe('jeton-b');
  });
});
