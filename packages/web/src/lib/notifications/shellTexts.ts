/**
 * The notification texts the signed-in shell shows on every screen (the bell's label, the
 * realtime pill): apart from NOTIF_TEXT, whose panel, modals and reminders load with them.
 */
export const SHELL_NOTIF_TEXT = {
  retry: 'Réessayer',
  bellLabel: (unread: number) =>
    unread > 0 ? `Notifications, ${unread} non lue${unread > 1 ? 's' : ''}` : 'Notifications',
  reconnecting: 'Reconnexion en cours...',
  realtimeDown: 'Connexion en temps réel interrompue',
} as const;
