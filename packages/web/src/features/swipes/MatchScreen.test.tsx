/**
 * The match screen shows photos already on the phone (issue 26): the member's own small photo,
 * and on mobile data the other's lite card the deck showed, not a new download of the full card.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TSwipeProfile } from '@app/shared';
import { renderScreen } from '../../test/render';
import { MatchScreen } from './MatchScreen';

// The images load in the simulated page: data addresses, no server.
const MY_THUMB = 'data:image/webp;base64,bWluZQ==';
const profile: TSwipeProfile = {
  id: 7,
  name: 'Aminata',
  age: 27,
  locality: 'Ouagadougou',
  bio: null,
  photo: 'data:image/webp;base64,Y2FyZA==',
  photo_thumb: 'data:image/webp;base64,dGh1bWI=',
  photo_lite: 'data:image/webp;base64,bGl0ZQ==',
  more_photos: [],
  verified: false,
  passions: [],
  distance: 3,
  lat: null,
  lng: null,
};

const screenAt = () =>
  renderScreen(
    '/swipes',
    '/swipes',
    <MatchScreen match={{ profile, chatId: 4 }} myPhoto={MY_THUMB} onClose={() => undefined} />,
  );
const sources = () =>
  [...document.querySelectorAll('.match-photo')].map((i) => i.getAttribute('src'));

afterEach(() => vi.unstubAllGlobals());

describe('MatchScreen photos', () => {
  it('on mobile data, shows the lite card the deck already downloaded', () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      connection: Object.assign(new EventTarget(), { type: 'cellular' }),
    });
    screenAt();
    expect(sources()).toEqual([MY_THUMB, profile.photo_lite]);
  });

  it('elsewhere, the card itself', () => {
    screenAt();
    expect(sources()).toEqual([MY_THUMB, profile.photo]);
  });
});
