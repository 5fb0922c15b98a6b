/** Block and report calls (beyond the spec): block, unblock, the blocked list, report reasons, report. */
import { z } from 'zod';
import { envelopeOf, pagedEnvelopeOf } from '../envelope.js';
import {
  ZBlockedMember,
  ZBlocksRequest,
  ZMemberIdParams,
  ZReportReasonItem,
  ZReportRequest,
  ZTokenOnlyRequest,
} from '../safety.js';
import { defineRoute } from './define.js';

/** An answer with only its French message. */
const messageOnly = () => envelopeOf(z.null());

export const safetyRoutes = {
  'safety.block': defineRoute('safety.block', {
    request: ZTokenOnlyRequest,
    params: ZMemberIdParams,
    response: messageOnly(),
    errors: ['validation', 'not_found'],
  }),
  'safety.unblock': defineRoute('safety.unblock', {
    request: ZTokenOnlyRequest,
    params: ZMemberIdParams,
    response: messageOnly(),
    errors: ['validation', 'not_found'],
  }),
  'safety.blocks': defineRoute('safety.blocks', {
    request: ZBlocksRequest,
    response: pagedEnvelopeOf(ZBlockedMember),
    errors: ['validation'],
  }),
  'safety.reportReasons': defineRoute('safety.reportReasons', {
    response: envelopeOf(z.array(ZReportReasonItem)),
    errors: [],
  }),
  'safety.report': defineRoute('safety.report', {
    request: ZReportRequest,
    params: ZMemberIdParams,
    response: messageOnly(),
    status: 201,
    errors: ['validation', 'not_found'],
  }),
};
