/**
 * A discreet pill under the top bar (or a full-screen page's own header, a conversation
 * included) while the realtime connection is down. Nothing shows while offline: the app-wide
 * offline banner already says so.
 */
import { useOnline } from '../lib/useOnline';
import { SHELL_NOTIF_TEXT as NOTIF_TEXT } from '../lib/notifications/shellTexts';
import { retryRealtime } from './socket';
import { useRealtimeStatus } from './useRealtimeStatus';

export function ConnectionPill() {
  const status = useRealtimeStatus();
  const online = useOnline();
  if (!online) return null;
  if (status === 'reconnecting') {
    return (
      <div className="rt-pill" role="status" data-testid="realtime-pill">
        <span className="rt-dot" aria-hidden />
        {NOTIF_TEXT.reconnecting}
      </div>
    );
  }
  if (status === 'down') {
    return (
      <button className="rt-pill rt-pill-down" onClick={retryRealtime} data-testid="realtime-pill">
        {NOTIF_TEXT.realtimeDown} · {NOTIF_TEXT.retry}
      </button>
    );
  }
  return null;
}
