/** Notifications (POST /notifications): the unread count for the bell. */
import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { getToken } from '../auth/session';

export const notificationsKey = ['notifications'] as const;

export function useUnreadCount(): number {
  const q = useQuery({
    queryKey: [...notificationsKey, 'unread'],
    enabled: !!getToken(),
    staleTime: 30_000,
    queryFn: async () => {
      const res = await api('/notifications', { body: { page: 1 } });
      const n = res.raw.unread_count;
      return typeof n === 'number' ? n : 0;
    },
  });
  return q.data ?? 0;
}
