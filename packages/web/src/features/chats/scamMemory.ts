/**
 * What the scam shield remembers on this device: the warnings the member ignored (by message
 * id), so they stay hidden after a reload, and the chats they reported from a warning, so no
 * warning of that chat offers « Signaler » again. Kept in localStorage through deviceSetting:
 * every banner on screen follows a change at once, and a storage that refuses only forgets.
 */
import { deviceSetting } from '../../lib/deviceSetting';

/** The newest ids kept per list; an older warning coming back is harmless. */
const KEPT_IDS = 300;

function idList(key: string) {
  const setting = deviceSetting<string>(
    key,
    (stored) => stored,
    () => '',
  );
  const idsOf = (stored: string) => stored.split(',').filter((s) => s !== '');
  return {
    /** Is `id` in the list? Re-renders the caller when the list changes. */
    useHas(id: number): boolean {
      return idsOf(setting.use()).includes(String(id));
    },
    add(id: number) {
      const ids = idsOf(setting.read()).filter((s) => s !== String(id));
      setting.save([...ids, String(id)].slice(-KEPT_IDS).join(','));
    },
  };
}

export const ignoredWarnings = idList('scam-shield:ignored');
export const reportedChats = idList('scam-shield:reported-chats');
