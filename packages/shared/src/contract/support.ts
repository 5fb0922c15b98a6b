/** Support calls (spec 2 §7): the reasons (public), ticket creation, the member's own tickets. */
import { z } from 'zod';
import { envelopeOf, pagedEnvelopeOf } from '../envelope.js';
import {
  ZCreateTicketRequest,
  ZMyTicketsRequest,
  ZSupportReasonItem,
  ZSupportTicket,
} from '../support.js';
import { defineRoute } from './define.js';

export const supportRoutes = {
  'support.reasons': defineRoute('support.reasons', {
    response: envelopeOf(z.array(ZSupportReasonItem)),
    errors: [],
  }),
  'support.create': defineRoute('support.create', {
    request: ZCreateTicketRequest,
    response: envelopeOf(ZSupportTicket),
    status: 201,
    errors: ['validation', 'rate_limited'],
  }),
  'support.myTickets': defineRoute('support.myTickets', {
    request: ZMyTicketsRequest,
    response: pagedEnvelopeOf(ZSupportTicket),
    errors: ['validation'],
  }),
};
