/**
 * Console calls (issue 10, /api/admin/*): the dashboard, the audit log, promotions, members,
 * the reports, stories, tickets, announcements and payments queues, and the ledger audit.
 * Staff actions answer { success, message } (plus data where the console shows a result).
 */
import { z } from 'zod';
import { envelopeOf, pagedEnvelopeOf } from '../envelope.js';
import {
  ZAdminDashboard,
  ZAdminIdParams,
  ZAdminReasonRequest,
  ZAdminWarnRequest,
  ZAuditEntry,
  ZAuditRequest,
} from '../admin.js';
import {
  ZAdminCoinsRequest,
  ZAdminMember,
  ZAdminMemberRow,
  ZAdminMembersRequest,
  ZAdminPhotoDeleteRequest,
  ZAdminRoleRequest,
  ZCoinsAdjustResult,
  ZResetDeviceResult,
} from '../admin-members.js';
import {
  ZAdminAnnouncement,
  ZAdminAnnouncementsRequest,
  ZAdminOrder,
  ZAdminPaymentsRequest,
  ZAdminReport,
  ZAdminReportsRequest,
  ZEvidenceMessage,
  ZAdminStoriesRequest,
  ZAdminStory,
  ZAdminTicket,
  ZAdminTicketsRequest,
  ZAdminTicketUpdateRequest,
  ZLedgerMismatch,
  ZRecheckResult,
} from '../admin-queues.js';
import { ZPromotionRequest, ZPromotionResult } from '../promotions.js';
import { ZAdminFlaggedMessage, ZAdminScamMember, ZAdminScamsRequest } from '../admin-scams.js';
import { defineRoute } from './define.js';

/** What a staff action answers: its French message, no data. */
const done = () => envelopeOf(z.never());

/** An action on one record that only states why. */
const reasonAction = () => ({
  request: ZAdminReasonRequest,
  params: ZAdminIdParams,
  response: done(),
});

export const adminRoutes = {
  'admin.dashboard': defineRoute('admin.dashboard', {
    response: envelopeOf(ZAdminDashboard),
    errors: [],
  }),
  'admin.audit': defineRoute('admin.audit', {
    request: ZAuditRequest,
    response: pagedEnvelopeOf(ZAuditEntry),
    errors: ['validation'],
  }),
  'admin.promotions.send': defineRoute('admin.promotions.send', {
    request: ZPromotionRequest,
    response: envelopeOf(ZPromotionResult),
    errors: ['validation', 'conflict'],
  }),
  'admin.members.list': defineRoute('admin.members.list', {
    request: ZAdminMembersRequest,
    response: pagedEnvelopeOf(ZAdminMemberRow),
    errors: ['validation'],
  }),
  'admin.members.get': defineRoute('admin.members.get', {
    params: ZAdminIdParams,
    response: envelopeOf(ZAdminMember),
    errors: ['validation', 'not_found'],
  }),
  'admin.members.block': defineRoute('admin.members.block', {
    ...reasonAction(),
    errors: ['validation', 'not_found'],
  }),
  'admin.members.unblock': defineRoute('admin.members.unblock', {
    ...reasonAction(),
    errors: ['validation', 'not_found'],
  }),
  'admin.members.resetDevice': defineRoute('admin.members.resetDevice', {
    ...reasonAction(),
    response: envelopeOf(ZResetDeviceResult),
    errors: ['validation', 'not_found'],
  }),
  'admin.members.role': defineRoute('admin.members.role', {
    request: ZAdminRoleRequest,
    params: ZAdminIdParams,
    response: done(),
    errors: ['validation', 'not_found'],
  }),
  'admin.members.coins': defineRoute('admin.members.coins', {
    request: ZAdminCoinsRequest,
    params: ZAdminIdParams,
    response: envelopeOf(ZCoinsAdjustResult),
    errors: ['validation', 'not_found'],
  }),
  'admin.members.deletePhoto': defineRoute('admin.members.deletePhoto', {
    request: ZAdminPhotoDeleteRequest,
    params: ZAdminIdParams,
    response: done(),
    errors: ['validation', 'not_found'],
  }),
  'admin.members.warn': defineRoute('admin.members.warn', {
    request: ZAdminWarnRequest,
    params: ZAdminIdParams,
    response: done(),
    errors: ['validation', 'not_found'],
  }),
  'admin.reports.list': defineRoute('admin.reports.list', {
    request: ZAdminReportsRequest,
    response: pagedEnvelopeOf(ZAdminReport),
    errors: ['validation'],
  }),
  'admin.reports.evidence': defineRoute('admin.reports.evidence', {
    params: ZAdminIdParams,
    response: envelopeOf(z.array(ZEvidenceMessage)),
    errors: ['validation', 'not_found'],
  }),
  'admin.scams.list': defineRoute('admin.scams.list', {
    request: ZAdminScamsRequest,
    response: pagedEnvelopeOf(ZAdminScamMember),
    errors: ['validation'],
  }),
  'admin.scams.messages': defineRoute('admin.scams.messages', {
    request: ZAuditRequest,
    params: ZAdminIdParams,
    response: pagedEnvelopeOf(ZAdminFlaggedMessage),
    errors: ['validation', 'not_found'],
  }),
  'admin.scams.warn': defineRoute('admin.scams.warn', {
    request: ZAdminWarnRequest,
    params: ZAdminIdParams,
    response: done(),
    errors: ['validation', 'not_found'],
  }),
  'admin.scams.block': defineRoute('admin.scams.block', {
    ...reasonAction(),
    errors: ['validation', 'not_found', 'forbidden'],
  }),
  'admin.scams.release': defineRoute('admin.scams.release', {
    ...reasonAction(),
    errors: ['validation', 'not_found'],
  }),
  'admin.reports.dismiss': defineRoute('admin.reports.dismiss', {
    ...reasonAction(),
    errors: ['validation', 'not_found', 'conflict'],
  }),
  'admin.reports.warn': defineRoute('admin.reports.warn', {
    request: ZAdminWarnRequest,
    params: ZAdminIdParams,
    response: done(),
    errors: ['validation', 'not_found', 'conflict'],
  }),
  'admin.reports.block': defineRoute('admin.reports.block', {
    ...reasonAction(),
    errors: ['validation', 'not_found', 'conflict'],
  }),
  'admin.stories.list': defineRoute('admin.stories.list', {
    request: ZAdminStoriesRequest,
    response: pagedEnvelopeOf(ZAdminStory),
    errors: ['validation'],
  }),
  'admin.stories.approve': defineRoute('admin.stories.approve', {
    ...reasonAction(),
    errors: ['validation', 'not_found', 'conflict'],
  }),
  'admin.stories.reject': defineRoute('admin.stories.reject', {
    ...reasonAction(),
    errors: ['validation', 'not_found', 'conflict'],
  }),
  'admin.tickets.list': defineRoute('admin.tickets.list', {
    request: ZAdminTicketsRequest,
    response: pagedEnvelopeOf(ZAdminTicket),
    errors: ['validation'],
  }),
  'admin.tickets.update': defineRoute('admin.tickets.update', {
    request: ZAdminTicketUpdateRequest,
    params: ZAdminIdParams,
    response: done(),
    errors: ['validation', 'not_found', 'conflict'],
  }),
  'admin.announcements.list': defineRoute('admin.announcements.list', {
    request: ZAdminAnnouncementsRequest,
    response: pagedEnvelopeOf(ZAdminAnnouncement),
    errors: ['validation'],
  }),
  'admin.announcements.hide': defineRoute('admin.announcements.hide', {
    ...reasonAction(),
    errors: ['validation', 'not_found'],
  }),
  'admin.announcements.restore': defineRoute('admin.announcements.restore', {
    ...reasonAction(),
    errors: ['validation', 'not_found'],
  }),
  'admin.announcements.delete': defineRoute('admin.announcements.delete', {
    ...reasonAction(),
    errors: ['validation', 'not_found'],
  }),
  'admin.payments.list': defineRoute('admin.payments.list', {
    request: ZAdminPaymentsRequest,
    response: pagedEnvelopeOf(ZAdminOrder),
    errors: ['validation'],
  }),
  'admin.payments.recheck': defineRoute('admin.payments.recheck', {
    params: ZAdminIdParams,
    response: envelopeOf(ZRecheckResult),
    errors: ['validation', 'not_found'],
  }),
  'admin.ledgerAudit': defineRoute('admin.ledgerAudit', {
    response: envelopeOf(z.array(ZLedgerMismatch)),
    errors: [],
  }),
};
