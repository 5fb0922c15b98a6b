import { describe, expect, it } from 'vitest';
import type { TNotification } from '@app/shared';
import { itemButton, tapTarget } from './notificationActions';

function notif(over: Partial<TNotification>): TNotification {
  return {
    id: 1,
    user_id: 1,
    type: 'match',
    title: '',
    message: '',
    data: {},
    icon: '',
    color: '',
    action: '/chats',
    timestamp: '',
    created_at: '',
    read_at: null,
    ...over,
  };
}

describe('tapTarget', () => {
  it("follows the spec's action list", () => {
    for (const type of [
      'referral_signup',
      'profile_view',
      'promotion',
      'referral_reward',
    ] as const) {
      expect(tapTarget(notif({ type }))).toBe('/profile');
    }
    expect(tapTarget(notif({ type: 'profile_like' }))).toBe('/swipes');
    expect(tapTarget(notif({ type: 'chat_message', data: { chat_id: 42 } }))).toBe('/chat/42');
    expect(tapTarget(notif({ type: 'match' }))).toBe('/chats');
    expect(tapTarget(notif({ type: 'new_announcement' }))).toBe('/home');
  });

  it('opens the chat of a missed call', () => {
    expect(tapTarget(notif({ type: 'missed_call', data: { chat_id: 7 } }))).toBe('/chat/7');
  });

  it('opens « Vérifier mon profil » from a verification decided', () => {
    expect(tapTarget(notif({ type: 'verification', data: {} }))).toBe('/verify-profile');
  });

  it('sends payments to /buy-coins, with or without an action', () => {
    expect(tapTarget(notif({ type: 'payment_failed', action: null }))).toBe('/buy-coins');
    expect(tapTarget(notif({ type: 'payment_success' }))).toBe('/buy-coins');
  });

  it('only marks read for a notification without an action or a type outside the list', () => {
    expect(tapTarget(notif({ type: 'match', action: null }))).toBeNull();
    expect(tapTarget(notif({ type: 'social_reward', action: '/profile' }))).toBeNull();
  });
});

describe('itemButton', () => {
  it("gives a like 'Envoyer un message', which marks read and goes nowhere", () => {
    expect(itemButton(notif({ type: 'profile_like' }))).toEqual({
      label: 'Envoyer un message',
      markRead: true,
      to: null,
    });
  });

  it("gives a message 'Voir le message', opening its chat when the id is known", () => {
    expect(itemButton(notif({ type: 'chat_message', data: { chat_id: 5 } }))?.to).toBe('/chat/5');
    expect(itemButton(notif({ type: 'chat_message' }))).toMatchObject({
      label: 'Voir le message',
      markRead: true,
      to: null,
    });
  });

  it("gives an announcement 'Voir les annonces' and other types no button", () => {
    expect(itemButton(notif({ type: 'new_announcement' }))?.label).toBe('Voir les annonces');
    expect(itemButton(notif({ type: 'match' }))).toBeNull();
  });
});
