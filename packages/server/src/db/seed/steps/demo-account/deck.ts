/**
 * The front of the demo account's swipe deck: the members its deck shows first, ranked by the
 * deck's own rule (swipes' rankCandidates) from the demo account's position. Only members seen
 * in the last two days count, so they stay in front while the others' last visit ages (the deck
 * ranks recent visitors first). The members who liked the demo account and wait for an answer
 * are drawn from here, so a like in the first few cards is a match.
 */
import { haversineKm } from '@app/shared';
import { rankCandidates } from '../../../../modules/swipes/index.js';
import type { Gender } from '../../demo-members.js';
import { DAY_MS } from './model.js';

const DECK_FRONT_SIZE = 10;
const RECENT_VISIT_MS = 2 * DAY_MS;

export interface DeckMember {
  id: number;
  gender: Gender | null;
  last_seen_at: Date | null;
  fuzz_lat: number | null;
  fuzz_lng: number | null;
  passions: string[];
}

/** The ids of the deck's front, in deck order. */
export function deckFrontIds(
  me: { gender: Gender | null; lat: number | null; lng: number | null; passions: string[] },
  members: readonly DeckMember[],
  now: Date,
): number[] {
  const { lat, lng } = me;
  if (lat === null || lng === null) return [];
  const measured = members.map((m) => ({
    ...m,
    distanceKm:
      m.fuzz_lat !== null && m.fuzz_lng !== null
        ? haversineKm({ lat, lng }, { lat: m.fuzz_lat, lng: m.fuzz_lng })
        : null,
  }));
  const isRecent = (m: DeckMember) =>
    m.last_seen_at !== null &&
    now.getTime() - new Date(m.last_seen_at).getTime() <= RECENT_VISIT_MS;
  return rankCandidates(measured, { gender: me.gender, passions: me.passions }, now)
    .filter(isRecent)
    .slice(0, DECK_FRONT_SIZE)
    .map((m) => m.id);
}
