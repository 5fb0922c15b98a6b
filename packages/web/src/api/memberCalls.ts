/**
 * Small calls of the signed-in member that belong to no list of their own: where the member
 * is (by address), the profile wizard's form, the daily reward and the welcome gift, a visit to
 * another profile, presence while the app is away, Web Push, and the blocked members' list.
 */
import type { RequestOf } from '@app/shared';
import { call, callData, upload } from './call';

/** The member's place from GET /geo/locate (IP-based). */
export const locate = (signal?: AbortSignal) => call('geo.locate', {}, { signal });

/** The wizard's last step: the whole profile as a multipart form. */
export const completeProfile = (form: FormData) => upload('profile.complete', form);

export const fetchDailyReward = () => callData('profile.dailyReward', {});
/** Today's reward window opens here: false when another device already showed it today. */
export const claimDailyRewardWindow = () =>
  callData('profile.dailyRewardSeen', {}).then(
    (d) => d.first,
    // Unreachable server: this device's own memory decides, as before the claim existed.
    () => true,
  );
export const markGiftSeen = () => call('profile.markGiftSeen', {});

/** Counts a visit to another member's profile. */
export const viewProfile = (id: number) => call('profile.view', { id });

export const markOffline = () => call('realtime.markOffline', {});
export const forceOnline = () => call('realtime.forceOnline', {});

export const pushPublicKey = () => call('push.publicKey', {});
export const savePushSubscription = (subscription: RequestOf<'push.subscribe'>['subscription']) =>
  call('push.subscribe', { subscription });
export const dropPushSubscription = (endpoint: string) => call('push.unsubscribe', { endpoint });

export const fetchBlockedMembers = (page: number, signal?: AbortSignal) =>
  call('safety.blocks', { page }, { signal });
export const unblockMember = (id: number) => call('safety.unblock', { id });
