/**
 * Orange Money Burkina Faso, merchant payment with a customer OTP. The customer dials
 * *144*4*6*{amount}# to make a one-time code, then we post number, amount and code. What this
 * adapter assumes (Orange's merchant API as integrators publish it; no public reference):
 *
 * - Payment: POST {ORANGE_BF_URL} (https://apiom.orange.bf:9007/payment), body XML:
 *   <COMMAND><TYPE>OMPREQ</TYPE><customer_msisdn/><merchant_msisdn/><api_username/>
 *   <api_password/><amount/><PROVIDER>101</PROVIDER><PROVIDER2>101</PROVIDER2><PAYID>12</PAYID>
 *   <PAYID2>12</PAYID2><otp/><reference_number/><ext_txn_id>{our payment id}</ext_txn_id>
 *   </COMMAND>. The answer holds <status>, <message> and <transID>.
 * - What confirms a payment: the OMPREQ answer itself, <status>200</status> with a non-empty
 *   <transID>. It is synchronous, from Orange's server to ours over TLS, and it is what
 *   integrators credit on; the enquiry below is published nowhere for this merchant API and
 *   may not be offered to our account, so it cannot be the only way to credit. The amount
 *   confirmed is the answer's <amount> when it states one (another amount than ours fails the
 *   order in settle.ts), else the amount the answer answers. Any other <status> is a refusal
 *   (wrong or expired OTP, balance, ...): nothing was debited.
 * - What is not known: a time-out, a refused connection, an HTTP 5xx, an answer without
 *   <status>, or a 200 without <transID>. The order stays pending and the enquiry is asked.
 * - Enquiry: the same URL with <TYPE>TXNEQREQ</TYPE> (Mobiquity transaction enquiry). Our id
 *   goes under both names Mobiquity deployments use, <ext_txn_id> and <EXTTRID>. The answer
 *   holds <status>200</status>, <TXNSTATUS> (TS success, TF failed, TI/TA still processing),
 *   <TXNID>, <amount> and <message>. A status other than 200 (an unknown transaction) leaves
 *   the order pending; an enquiry that is not offered (HTTP 404, no <status>) is "unknown".
 * - Orange Money Burkina wallets hold only FCFA: the currency is XOF by construction.
 */
import { COIN_CURRENCY_ISO } from '@app/shared';
import {
  readAmount,
  unknownStatus,
  type PaymentProvider,
  type StartRequest,
  type StartResult,
  type StatusResult,
} from './provider.js';
import { callProvider, failureReason, ProviderCallError } from './http.js';

export interface OrangeBfConfig {
  url: string;
  username: string;
  password: string;
  merchantNumber: string;
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function command(fields: Record<string, string>): string {
  const body = Object.entries(fields)
    .map(([k, v]) => `<${k}>${escapeXml(v)}</${k}>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><COMMAND>${body}</COMMAND>`;
}

/** The text of the first <tag> of an XML answer, or null. */
export function xmlValue(xml: string, tag: string): string | null {
  const m = new RegExp(`<${tag}>([^<]*)</${tag}>`, 'i').exec(xml);
  return m?.[1]?.trim() ?? null;
}

/** What an OMPREQ answer says (see the header): paid, refused, or not readable. */
function readPayment(xml: string, asked: number): StartResult {
  const status = xmlValue(xml, 'status');
  const transId = xmlValue(xml, 'transID');
  const reason = `${status ?? ''} ${xmlValue(xml, 'message') ?? ''}`.trim();
  if (status !== '200') return { outcome: 'refused', reason };
  if (!transId) return { outcome: 'unknown', reason: `${reason} sans transID` };
  const stated = xmlValue(xml, 'amount');
  const confirmation: StatusResult = {
    status: 'success',
    amount: stated === null ? asked : readAmount(stated),
    currency: COIN_CURRENCY_ISO,
    reference: transId,
    reason,
  };
  return { outcome: 'paid', confirmation };
}

export function createOrangeBf(cfg: OrangeBfConfig, timeoutMs: number): PaymentProvider {
  const credentials = {
    api_username: cfg.username,
    api_password: cfg.password,
    merchant_msisdn: cfg.merchantNumber,
  };
  async function send(fields: Record<string, string>): Promise<string> {
    const res = await callProvider(
      cfg.url,
      { headers: { 'content-type': 'application/xml' }, body: command(fields) },
      timeoutMs,
    );
    // A gateway error page may carry a <status> of its own: it says nothing about the payment.
    if (res.status >= 500) throw new ProviderCallError('malformed', `HTTP ${res.status}`);
    if (!/<status>/i.test(res.text)) {
      throw new ProviderCallError('malformed', `HTTP ${res.status} sans <status>`);
    }
    return res.text;
  }

  async function start(req: StartRequest): Promise<StartResult> {
    if (!req.phone || !req.otp) return { outcome: 'refused', reason: 'numéro ou OTP manquant' };
    let xml: string;
    try {
      xml = await send({
        TYPE: 'OMPREQ',
        customer_msisdn: req.phone,
        merchant_msisdn: cfg.merchantNumber,
        api_username: cfg.username,
        api_password: cfg.password,
        amount: String(req.amount),
        PROVIDER: '101',
        PROVIDER2: '101',
        PAYID: '12',
        PAYID2: '12',
        otp: req.otp,
        reference_number: req.description,
        ext_txn_id: req.paymentId,
      });
    } catch (err) {
      return { outcome: 'unknown', reason: failureReason(err) };
    }
    return readPayment(xml, req.amount);
  }

  async function status(req: { paymentId: string }): Promise<StatusResult> {
    let xml: string;
    try {
      xml = await send({
        TYPE: 'TXNEQREQ',
        ...credentials,
        ext_txn_id: req.paymentId,
        EXTTRID: req.paymentId,
      });
    } catch (err) {
      return unknownStatus(failureReason(err));
    }
    const code = xmlValue(xml, 'status');
    const state = (xmlValue(xml, 'TXNSTATUS') ?? '').toUpperCase();
    const common = {
      amount: readAmount(xmlValue(xml, 'amount')),
      currency: COIN_CURRENCY_ISO,
      reference: xmlValue(xml, 'TXNID') ?? xmlValue(xml, 'transID'),
      reason: `${code ?? ''} ${state} ${xmlValue(xml, 'message') ?? ''}`.trim(),
    };
    if (code !== '200') return { ...common, status: 'pending' };
    if (state === 'TS') return { ...common, status: 'success' };
    if (state === 'TF') return { ...common, status: 'failed' };
    return { ...common, status: 'pending' };
  }

  return { name: 'orange_bf', method: 'orange', start, status };
}
