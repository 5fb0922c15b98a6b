/**
 * The card at the top of the panel that asks for the notification permission, on the member's
 * tap only. Granting it subscribes this browser to Web Push and starts today's reminders.
 */
import { useState } from 'react';
import {
  enableNotifications,
  notificationPermission,
  type PermissionState,
} from './pushSubscription';
import { startReminders } from './reminders';
import { NOTIF_TEXT } from './texts';

export function PushOptIn() {
  const [permission, setPermission] = useState<PermissionState>(notificationPermission);
  const [asked, setAsked] = useState(false);
  const [busy, setBusy] = useState(false);

  if (permission === 'unsupported' || (permission !== 'default' && !asked)) return null;

  const handleEnable = async () => {
    setBusy(true);
    const result = await enableNotifications().catch((): PermissionState => 'default');
    setBusy(false);
    setAsked(true);
    setPermission(result);
    if (result === 'granted') startReminders();
  };

  if (permission === 'granted') {
    return (
      <p className="push-card push-card-done" role="status">
        {NOTIF_TEXT.pushEnabled}
      </p>
    );
  }
  if (permission === 'denied') {
    return (
      <p className="push-card push-card-done" role="status">
        {NOTIF_TEXT.pushDenied}
      </p>
    );
  }
  return (
    <div className="push-card">
      <span className="push-icon" aria-hidden>
        🔔
      </span>
      <div className="push-text">
        <strong>{NOTIF_TEXT.pushTitle}</strong>
        <span>{NOTIF_TEXT.pushLead}</span>
        <button
          type="button"
          className="btn btn-primary push-btn"
          onClick={() => void handleEnable()}
          disabled={busy}
        >
          {busy ? NOTIF_TEXT.pushBusy : NOTIF_TEXT.pushEnable}
        </button>
      </div>
    </div>
  );
}
