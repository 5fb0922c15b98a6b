/**
 * The staff's actions on members, announcements, stories, scams, reports, promotions, tickets
 * and payments: one function per call, named after the route (`adminActions.members.block`),
 * taking the route's input. The admin screens act through these; `useAdminAction` wraps them.
 */
import type { RequestOf, RouteName } from '@app/shared';
import { call } from './call';

const send =
  <N extends RouteName>(name: N) =>
  (input: RequestOf<N>) =>
    call(name, input);

export const adminActions = {
  members: {
    block: send('admin.members.block'),
    unblock: send('admin.members.unblock'),
    warn: send('admin.members.warn'),
    coins: send('admin.members.coins'),
    role: send('admin.members.role'),
    resetDevice: send('admin.members.resetDevice'),
    deletePhoto: send('admin.members.deletePhoto'),
  },
  announcements: {
    hide: send('admin.announcements.hide'),
    restore: send('admin.announcements.restore'),
    delete: send('admin.announcements.delete'),
  },
  stories: {
    approve: send('admin.stories.approve'),
    reject: send('admin.stories.reject'),
  },
  scams: {
    warn: send('admin.scams.warn'),
    block: send('admin.scams.block'),
    release: send('admin.scams.release'),
  },
  reports: {
    dismiss: send('admin.reports.dismiss'),
    warn: send('admin.reports.warn'),
    block: send('admin.reports.block'),
  },
  promotions: { send: send('admin.promotions.send') },
  tickets: { update: send('admin.tickets.update') },
  payments: { recheck: send('admin.payments.recheck') },
  verifications: {
    approve: send('admin.verifications.approve'),
    refuse: send('admin.verifications.refuse'),
  },
};
