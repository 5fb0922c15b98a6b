/**
 * "Je veux rencontrer" kept on this device only (issue 18): localStorage, read by the feed, the
 * swipe deck and the map as a filter of each request, never sent to be stored. A change is seen
 * at once by every mounted screen (useSyncExternalStore), and by other tabs (storage event).
 */
import { deviceSetting } from '../deviceSetting';
import {
  SEEKING_CHOICES,
  SEEKING_STORAGE_KEY as KEY,
  seekingFilter,
  type TSeeking,
  type TSeekingChoice,
} from '@app/shared';

function isChoice(value: unknown): value is TSeekingChoice {
  return typeof value === 'string' && (SEEKING_CHOICES as readonly string[]).includes(value);
}

const setting = deviceSetting<TSeekingChoice>(
  KEY,
  (stored) => (isChoice(stored) ? stored : null),
  () => 'tous',
);

/** The stored choice; everybody when none was made or storage is out of reach. */
export const readSeeking = setting.read;

/** The filter to send with a request: a gender, or nothing for everybody. */
export const seekingParam = (): TSeeking => seekingFilter(readSeeking());

export const saveSeeking = setting.save;

export const useSeeking = setting.use;
