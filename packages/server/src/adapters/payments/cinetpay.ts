/**
 * CinetPay checkout API v2 (card and international payments). What this adapter assumes, from
 * CinetPay's public documentation (docs.cinetpay.com, "API de paiement"):
 *
 * - Initialise: POST {base}/v2/payment, JSON { apikey, site_id, transaction_id, amount (XOF,
 *   multiple of 5), currency "XOF", description, notify_url, return_url, channels "ALL", lang
 *   "fr", metadata, customer_id, customer_name, customer_surname, customer_email }.
 *   Success: { code: "201", message: "CREATED", data: { payment_token, payment_url } }.
 *   Refusal: another code with a message (608 MINIMUM_REQUIRED_FIELDS, 609 AUTH_NOT_FOUND,
 *   613 ERROR_SITE_ID_NOTVALID, ...), whatever the HTTP status.
 * - Check: POST {base}/v2/payment/check, JSON { apikey, site_id, transaction_id }.
 *   { code, message, data: { amount: "1000", currency: "XOF", status, payment_method,
 *   operator_id, payment_date } } where status ACCEPTED (code "00") is paid, REFUSED (codes
 *   600 PAYMENT_FAILED, 627 TRANSACTION_CANCEL) is failed, and anything else
 *   (WAITING_FOR_CUSTOMER, 662 WAITING_CUSTOMER_PAYMENT, 623 ...) is still pending.
 * - Notification: CinetPay POSTs form fields (cpm_site_id, cpm_trans_id, cpm_trans_date,
 *   cpm_amount, cpm_currency, signature, payment_method, cel_phone_num, cpm_phone_prefixe,
 *   cpm_language, cpm_version, cpm_payment_config, cpm_page_action, cpm_custom,
 *   cpm_designation, cpm_error_message) with header x-token = HMAC-SHA256, hex, of those
 *   values concatenated in that order, keyed with the secret key. It also pings the URL with
 *   GET. A notification is only a hint: the order is settled from the check call.
 * - Return URL: the customer's browser comes back (GET or POST with transaction_id); never
 *   a proof of payment.
 */
import crypto from 'node:crypto';
import { COIN_CURRENCY_ISO } from '@app/shared';
import {
  readAmount,
  unknownStatus,
  type PaymentProvider,
  type StartRequest,
  type StartResult,
  type StatusResult,
} from './provider.js';
import { callProvider, failureReason, isRecord, parseJsonObject, text } from './http.js';

export interface CinetPayConfig {
  apiKey: string;
  siteId: string;
  secretKey: string;
  baseUrl: string;
}

export interface CinetPayProvider extends PaymentProvider {
  readonly siteId: string;
  /** True when the x-token header is the HMAC of these fields and the site is ours. */
  verifyNotification(fields: Record<string, string>, xToken: string | undefined): boolean;
}

/** The notification fields, in the order the x-token HMAC concatenates them. */
const CINETPAY_TOKEN_FIELDS = [
  'cpm_site_id',
  'cpm_trans_id',
  'cpm_trans_date',
  'cpm_amount',
  'cpm_currency',
  'signature',
  'payment_method',
  'cel_phone_num',
  'cpm_phone_prefixe',
  'cpm_language',
  'cpm_version',
  'cpm_payment_config',
  'cpm_page_action',
  'cpm_custom',
  'cpm_designation',
  'cpm_error_message',
] as const;

export function cinetPayNotificationToken(fields: Record<string, string>, secretKey: string) {
  const data = CINETPAY_TOKEN_FIELDS.map((k) => fields[k] ?? '').join('');
  return crypto.createHmac('sha256', secretKey).update(data, 'utf8').digest('hex');
}

/** Constant-time comparison of two strings of any length. */
function sameSecret(a: string, b: string): boolean {
  const da = crypto.createHash('sha256').update(a).digest();
  const db = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(da, db) && a.length === b.length;
}

const PAID = new Set(['ACCEPTED']);
const FAILED = new Set(['REFUSED', 'CANCELED', 'CANCELLED', 'FAILED']);
const FAILED_CODES = new Set(['600', '627']);

function splitName(name: string | null) {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return { first: parts[0] ?? 'Membre', last: parts.slice(1).join(' ') || 'Rencontre' };
}

export function createCinetPay(cfg: CinetPayConfig, timeoutMs: number): CinetPayProvider {
  const post = (path: string, body: Record<string, unknown>) =>
    callProvider(
      `${cfg.baseUrl}${path}`,
      {
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ apikey: cfg.apiKey, site_id: cfg.siteId, ...body }),
      },
      timeoutMs,
    );

  async function start(req: StartRequest): Promise<StartResult> {
    const name = splitName(req.customer.name);
    let answer: Record<string, unknown>;
    try {
      const res = await post('/v2/payment', {
        transaction_id: req.paymentId,
        amount: req.amount,
        currency: COIN_CURRENCY_ISO,
        description: req.description,
        notify_url: req.notifyUrl,
        return_url: req.returnUrl,
        channels: 'ALL',
        lang: 'fr',
        metadata: `user:${req.customer.id}`,
        customer_id: String(req.customer.id),
        customer_name: name.first,
        customer_surname: name.last,
        customer_email: req.customer.email,
      });
      answer = parseJsonObject(res.text);
    } catch (err) {
      return { outcome: 'unknown', reason: failureReason(err) };
    }
    const code = text(answer.code);
    const data = isRecord(answer.data) ? answer.data : {};
    const url = text(data.payment_url);
    if (code === '201' && url && /^https?:\/\//.test(url)) {
      return { outcome: 'redirect', paymentUrl: url, reference: text(data.payment_token) };
    }
    if (code === null) return { outcome: 'unknown', reason: 'réponse sans code' };
    const reason = `${code} ${text(answer.message) ?? ''} ${text(answer.description) ?? ''}`;
    return { outcome: 'refused', reason: reason.trim() };
  }

  async function status(req: { paymentId: string }): Promise<StatusResult> {
    let answer: Record<string, unknown>;
    try {
      answer = parseJsonObject(
        (await post('/v2/payment/check', { transaction_id: req.paymentId })).text,
      );
    } catch (err) {
      return unknownStatus(failureReason(err));
    }
    const code = text(answer.code);
    const message = text(answer.message);
    if (!isRecord(answer.data)) {
      // A well-formed refusal without data (e.g. unknown transaction): nothing paid yet.
      return code
        ? { ...unknownStatus(`${code} ${message ?? ''}`), status: 'pending' }
        : unknownStatus('réponse sans données');
    }
    const data = answer.data;
    const state = (text(data.status) ?? '').toUpperCase();
    const common = {
      amount: readAmount(data.amount),
      currency: text(data.currency),
      reference: text(data.operator_id),
      reason: `${code ?? ''} ${message ?? ''} ${state}`.trim(),
    };
    if (PAID.has(state) && code === '00') return { status: 'success', ...common };
    if (FAILED.has(state) || (code !== null && FAILED_CODES.has(code))) {
      return { status: 'failed', ...common };
    }
    return { status: 'pending', ...common };
  }

  return {
    name: 'cinetpay',
    method: 'card',
    siteId: cfg.siteId,
    start,
    status,
    verifyNotification(fields, xToken) {
      if (!xToken || fields.cpm_site_id !== cfg.siteId) return false;
      return sameSecret(cinetPayNotificationToken(fields, cfg.secretKey), xToken.trim());
    },
  };
}
