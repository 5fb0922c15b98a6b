/**
 * « Profils vérifiés uniquement » (issue 28) for the swipe deck and the map: kept on this device
 * like « Je veux rencontrer », sent as a filter of each request, applied by the server.
 */
import { deviceSetting } from './deviceSetting';

/** The filter's label, the same in the deck and on the map. */
export const VERIFIED_ONLY_LABEL = 'Profils vérifiés uniquement';

const setting = deviceSetting<'on' | 'off'>(
  'verified_only',
  (stored) => (stored === 'on' ? 'on' : null),
  () => 'off',
);

export const readVerifiedOnly = () => setting.read() === 'on';

/** The filter to send: true, or nothing for everybody. */
export const verifiedOnlyParam = (): true | undefined =>
  setting.read() === 'on' ? true : undefined;

export const useVerifiedOnly = () => setting.use() === 'on';

export const saveVerifiedOnly = (on: boolean) => setting.save(on ? 'on' : 'off');
