import { NOTIFICATION_BADGE_CAP } from '@app/shared';

/** The bell's badge text: the count, '9+' above 9, nothing at 0. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(count);
}
