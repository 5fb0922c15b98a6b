/**
 * The card at the top of the panel that asks for the notification permission, on the member's
 * tap only. Granting it subscribes this browser to Web Push and starts today's reminders.
 * 'Plus tard' hides it for a week, so the panel never nags.
 */
import { useState } from 'react';
import {
  enableNotifications,
  notificationPermission,
  type PermissionState,
} from '../../lib/notifications/pushSubscription';
import { startReminders } from './reminders';
import { NOTIF_TEXT } from '../../lib/notifications/texts';
import { readLocal, writeLocal } from './storage';

const DISMISSED_KEY = 'push_optin_dismissed_at';
const DISMISS_FOR_MS = 7 * 24 * 3_600_000;

function dismissedRecently(): boolean {
  return Date.now() - Number(readLocal(DISMISSED_KEY) ?? 0) < DISMISS_FOR_MS;
}

export function PushOptIn() {
  const [permission, setPermission] = useState<PermissionState>(notificationPermission);
  const [hidden, setHidden] = useState(dismissedRecently);
  const [asked, setAsked] = useState(false);
  const [busy, setBusy] = useState(false);

  if (permission === 'unsupported' || hidden) return null;
  if (permission !== 'default' && !asked) return null;

  const handleEnable = async () => {
    setBusy(true);
    const result = await enableNotifications().catch((): PermissionState => 'default');
    setBusy(false);
    setAsked(true);
    setPermission(result);
    if (result === 'granted') startReminders();
  };
  const handleLater = () => {
    setHidden(true);
    writeLocal(DISMISSED_KEY, String(Date.now()));
  };

  if (permission !== 'default') {
    return (
      <p className="push-card push-card-done" role="status">
        {permission === 'granted' ? NOTIF_TEXT.pushEnabled : NOTIF_TEXT.pushDenied}
      </p>
    );
  }
  return (
    <div className="push-card">
      <div className="push-text">
        <span>{NOTIF_TEXT.pushLead}</span>
        <span className="push-actions">
          <button
            type="button"
            className="btn btn-primary push-btn"
            onClick={() => void handleEnable()}
            disabled={busy}
          >
            {busy ? NOTIF_TEXT.pushBusy : NOTIF_TEXT.pushEnable}
          </button>
          <button type="button" className="btn-link push-later" onClick={handleLater}>
            {NOTIF_TEXT.pushLater}
          </button>
        </span>
      </div>
    </div>
  );
}
