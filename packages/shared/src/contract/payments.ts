/**
 * Coin purchase calls (spec 2 §7 "Payments"): the card flow (CinetPay), the mobile-money flow,
 * the status checks the buy screen polls, the purchase history and the payment region. The
 * checks answer the status top-level too, /init-bf-payment the token, as the spec reads them.
 * The providers' own calls (CinetPay's notify URL and its ping, the return URL the browser comes
 * back to) are public: CinetPay's notification is checked by its x-token signature, and the
 * return only sends the browser to /buy-coins (303) to poll, never a proof of payment.
 */
import { z } from 'zod';
import { envelopeOf, pagedEnvelopeOf } from '../envelope.js';
import { PAYMENT_STATUSES } from '../coins.js';
import {
  ZCheckBfRequest,
  ZCheckCinetRequest,
  ZCinetPayNotification,
  ZInitBfData,
  ZInitBfRequest,
  ZInitCinetData,
  ZInitCinetRequest,
  ZMyPaymentsRequest,
  ZPayment,
  ZPaymentCheck,
  ZPaymentRegionData,
  ZPaymentReturn,
} from '../coin-calls.js';
import { defineRoute } from './define.js';

const checkEnvelope = () =>
  envelopeOf(ZPaymentCheck).extend({ status: z.enum(PAYMENT_STATUSES).optional() });

/** A redirect (Location: /buy-coins…) has no body. */
const returnAnswer = () => z.null().optional();

const INIT_ERRORS = [
  'validation',
  'rate_limited',
  'not_found',
  'payment_id_taken',
  'payment_init_failed',
  'payment_refused',
  'provider_unavailable',
] as const;

export const paymentRoutes = {
  'payments.initCard': defineRoute('payments.initCard', {
    request: ZInitCinetRequest,
    response: envelopeOf(ZInitCinetData),
    errors: INIT_ERRORS,
  }),
  'payments.checkCard': defineRoute('payments.checkCard', {
    request: ZCheckCinetRequest,
    response: checkEnvelope(),
    errors: ['validation', 'rate_limited', 'not_found'],
  }),
  'payments.initMobile': defineRoute('payments.initMobile', {
    request: ZInitBfRequest,
    response: envelopeOf(ZInitBfData).extend({ token: z.string().optional() }),
    errors: INIT_ERRORS,
  }),
  'payments.checkMobile': defineRoute('payments.checkMobile', {
    request: ZCheckBfRequest,
    response: checkEnvelope(),
    errors: ['validation', 'rate_limited', 'not_found'],
  }),
  'payments.mine': defineRoute('payments.mine', {
    request: ZMyPaymentsRequest,
    response: pagedEnvelopeOf(ZPayment),
    errors: ['validation'],
  }),
  'payments.region': defineRoute('payments.region', {
    response: envelopeOf(ZPaymentRegionData),
    errors: [],
  }),
  'payments.cinetpayPing': defineRoute('payments.cinetpayPing', {
    hidden: true,
    response: envelopeOf(z.never()),
    errors: [],
    summary: 'CinetPay checks that the notification URL answers',
  }),
  'payments.cinetpayNotify': defineRoute('payments.cinetpayNotify', {
    hidden: true,
    request: ZCinetPayNotification,
    response: envelopeOf(z.never()),
    errors: ['validation', 'rate_limited', 'not_found', 'forbidden'],
    summary: 'CinetPay notifies a payment (form, signed by the x-token header)',
  }),
  'payments.returnGet': defineRoute('payments.returnGet', {
    hidden: true,
    request: ZPaymentReturn,
    response: returnAnswer(),
    status: 303,
    errors: ['validation'],
    summary: 'The browser back from the provider: redirected to /buy-coins',
  }),
  'payments.returnPost': defineRoute('payments.returnPost', {
    hidden: true,
    request: ZPaymentReturn,
    response: returnAnswer(),
    status: 303,
    errors: ['validation'],
    summary: 'The browser back from the provider (a form post): redirected to /buy-coins',
  }),
};
