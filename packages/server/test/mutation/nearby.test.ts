/**
 * What a nearby member looks like to others (presentNearbyUser): the fuzzed marker cut to 4
 * decimals, a whole-km distance of at least 1, the photo links or null, a name even when none
 * was given. Pure: no database. Part of the location module of npm run test:mutation.
 */
import { describe, expect, it } from 'vitest';
import { presentNearbyUser } from '../../src/modules/nearby/nearby.presenter.js';
import type { NearbyHit } from '../../src/modules/nearby/location.service.js';
import type { PhotoUrls } from '../../src/modules/nearby/photo-urls.js';

const NOW = new Date('2026-06-15T12:00:00Z');
const hit = (over: Partial<NearbyHit> = {}): NearbyHit => ({
  id: 7,
  name: 'Awa',
  locality: 'Ouagadougou',
  hide_distance: false,
  birth_date: '2000-06-16',
  photo_key: 'photos/awa',
  verified: false,
  fuzz_lat: 12.371_449_9,
  fuzz_lng: -1.519_750_1,
  distanceKm: 3.6,
  ...over,
});
const urls = (key: string): PhotoUrls => ({
  card: `/uploads/${key}-card.webp`,
  thumb: `/uploads/${key}-thumb.webp`,
  lite: `/uploads/${key}-lite.webp`,
  full: `/uploads/${key}-full.webp`,
});

describe('a nearby member as others see them', () => {
  it('shows the fuzzed marker to 4 decimals, the age and whole km', () => {
    const seen = presentNearbyUser(hit(), (k) => (k ? urls(k) : null), NOW);
    expect(seen).toEqual({
      id: 7,
      name: 'Awa',
      age: 25,
      photo: '/uploads/photos/awa-card.webp',
      photo_thumb: '/uploads/photos/awa-thumb.webp',
      photo_lite: '/uploads/photos/awa-lite.webp',
      position: { lat: 12.3714, lng: -1.5198 },
      distance: 4,
      verified: false,
      locality: 'Ouagadougou',
    });
  });

  it('gives the town and no distance for a member who hides it', () => {
    const seen = presentNearbyUser(hit({ hide_distance: true }), () => null, NOW);
    expect(seen).toMatchObject({ distance: null, locality: 'Ouagadougou' });
  });

  it('says 1 km for anyone closer, and has no photo or name to show when there is none', () => {
    const seen = presentNearbyUser(
      hit({ name: null, photo_key: null, distanceKm: 0.2 }),
      () => null,
      NOW,
    );
    expect(seen).toMatchObject({
      name: '',
      photo: null,
      photo_thumb: null,
      photo_lite: null,
      distance: 1,
    });
  });
});
