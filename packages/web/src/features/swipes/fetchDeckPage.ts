/**
 * One page of the swipe deck from /swipe/profiles (spec 1 §4): the phone's position if it comes
 * quickly, the seen ids left out, the member's "seeking" choice; abandoned and reported as a
 * connection error after 10 s. Also the French text of a failed deck call.
 */
import {
  SWIPE_FETCH_LIMIT,
  SWIPE_LOADER_TIMEOUT_MS,
  SWIPE_LOCATION_CACHE_MS,
  SWIPE_LOCATION_TIMEOUT_MS,
  SWIPE_MSG,
  type TSwipeProfile,
} from '@app/shared';
import { firstError, type ApiResult } from '../../api/client';
import { fetchSwipeProfiles } from '../../api/useSwipes';
import { devicePosition } from '../../lib/devicePosition';
import { seekingParam } from '../../lib/seeking/seeking';
import { verifiedOnlyParam } from '../../lib/verifiedOnly';

/** The server's reason, or the connection message when it could not be reached. */
export const swipeErrorOf = (res: ApiResult<unknown>, fallback: string) =>
  res.httpStatus === 0 ? SWIPE_MSG.connection : firstError(res) || fallback;

export type DeckPage = { ok: true; profiles: TSwipeProfile[] } | { ok: false; message: string };

export async function fetchDeckPage(excludeIds: number[]): Promise<DeckPage> {
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), SWIPE_LOADER_TIMEOUT_MS);
  try {
    const at = await devicePosition(SWIPE_LOCATION_TIMEOUT_MS, SWIPE_LOCATION_CACHE_MS);
    const res = await fetchSwipeProfiles(
      {
        limit: SWIPE_FETCH_LIMIT,
        exclude_ids: excludeIds,
        user_lat: at?.lat ?? null,
        user_lng: at?.lng ?? null,
        seeking: seekingParam(),
        verified_only: verifiedOnlyParam(),
      },
      controller.signal,
    );
    if (!res.success) return { ok: false, message: swipeErrorOf(res, SWIPE_MSG.profilesError) };
    return { ok: true, profiles: Array.isArray(res.data) ? res.data : [] };
  } catch {
    return { ok: false, message: SWIPE_MSG.connection };
  } finally {
    window.clearTimeout(timer);
  }
}
