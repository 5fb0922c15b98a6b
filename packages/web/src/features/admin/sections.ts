/** The console's sections: address, label, admin-only or not, and the queue whose count it shows. */
import type { TAdminDashboard } from '@app/shared';
import { SECTION_LABELS } from './labels';

export interface Section {
  path: string;
  label: string;
  adminOnly?: boolean;
  pending?: keyof TAdminDashboard['pending'];
}

export const SECTIONS: Section[] = [
  { path: '/admin', label: SECTION_LABELS.dashboard },
  { path: '/admin/histoires', label: SECTION_LABELS.stories, pending: 'stories' },
  { path: '/admin/signalements', label: SECTION_LABELS.reports, pending: 'reports' },
  { path: '/admin/arnaques', label: SECTION_LABELS.scams, pending: 'scams' },
  { path: '/admin/verifications', label: SECTION_LABELS.verifications },
  { path: '/admin/membres', label: SECTION_LABELS.members },
  { path: '/admin/tickets', label: SECTION_LABELS.tickets, pending: 'tickets' },
  { path: '/admin/annonces', label: SECTION_LABELS.announcements },
  {
    path: '/admin/paiements',
    label: SECTION_LABELS.payments,
    adminOnly: true,
    pending: 'payments',
  },
  { path: '/admin/promotions', label: SECTION_LABELS.promotions, adminOnly: true },
  { path: '/admin/journal', label: SECTION_LABELS.audit, adminOnly: true },
];

/** The section an address belongs to (/admin/membres/12 → Membres). */
export function sectionOf(pathname: string): Section | undefined {
  const path = pathname.replace(/\/+$/, '');
  return (
    SECTIONS.find(
      (s) => s.path !== '/admin' && (path === s.path || path.startsWith(`${s.path}/`)),
    ) ?? (path === '/admin' ? SECTIONS[0] : undefined)
  );
}
