/**
 * Moov Money Burkina Faso, merchant payment confirmed by the customer (the operator's
 * "Online Merchant with USSD push" API). What this adapter assumes (Moov's Huawei gateway as
 * integrators publish it; no public reference):
 *
 * - Payment: POST {MOOV_BF_URL} with HTTP Basic auth, header command-id: mror-transaction-ussd,
 *   JSON { "request-id": our payment id, destination: "226" + 8 digits, amount, remarks,
 *   message, "extended-data": {} }. Moov sends the customer a prompt (USSD/SMS) to confirm
 *   with the secret code. Answer { status, "request-id", "trans-id", message }: status "0" =
 *   request accepted (payment pending), any other = refused.
 * - Status: same URL, command-id: process-check-transaction, JSON { "request-id" }. Answer
 *   { status, "trans-id", message, amount }: "0" success, "12" failed, "15" or anything else
 *   still pending.
 * - What confirms a payment: only the status answer with status "0" AND an `amount` (which
 *   settle.ts then requires to equal the order's). The payment call's "0" never does: it only
 *   says the prompt was sent, and nothing is debited until the customer types the secret code
 *   on the phone, which we cannot see. A status "0" without `amount` stays pending (asked
 *   again), "12" fails the order, a time-out or unreadable answer is "unknown".
 * - Moov Money Burkina wallets hold only FCFA: the currency is XOF by construction.
 */
import { BURKINA_DIAL_CODE, COIN_CURRENCY_ISO } from '@app/shared';
import {
  readAmount,
  unknownStatus,
  type PaymentProvider,
  type StartRequest,
  type StartResult,
  type StatusResult,
} from './provider.js';
import { callProvider, failureReason, parseJsonObject, text } from './http.js';

export interface MoovBfConfig {
  url: string;
  username: string;
  password: string;
}

export function createMoovBf(cfg: MoovBfConfig, timeoutMs: number): PaymentProvider {
  const auth = `Basic ${Buffer.from(`${cfg.username}:${cfg.password}`).toString('base64')}`;
  async function send(commandId: string, body: Record<string, unknown>) {
    const res = await callProvider(
      cfg.url,
      {
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: auth,
          'command-id': commandId,
        },
        body: JSON.stringify(body),
      },
      timeoutMs,
    );
    return parseJsonObject(res.text);
  }

  async function start(req: StartRequest): Promise<StartResult> {
    if (!req.phone) return { outcome: 'refused', reason: 'numéro manquant' };
    let answer: Record<string, unknown>;
    try {
      answer = await send('mror-transaction-ussd', {
        'request-id': req.paymentId,
        destination: `${BURKINA_DIAL_CODE}${req.phone}`,
        amount: req.amount,
        remarks: req.description,
        message: `Paiement de ${req.amount} FCFA a Rencontre. Confirmez avec votre code secret.`,
        'extended-data': {},
      });
    } catch (err) {
      return { outcome: 'unknown', reason: failureReason(err) };
    }
    const status = text(answer.status);
    if (status === null) return { outcome: 'unknown', reason: 'réponse sans statut' };
    if (status === '0') return { outcome: 'pending', reference: text(answer['trans-id']) };
    return { outcome: 'refused', reason: `${status} ${text(answer.message) ?? ''}`.trim() };
  }

  async function status(req: { paymentId: string }): Promise<StatusResult> {
    let answer: Record<string, unknown>;
    try {
      answer = await send('process-check-transaction', { 'request-id': req.paymentId });
    } catch (err) {
      return unknownStatus(failureReason(err));
    }
    const code = text(answer.status);
    if (code === null) return unknownStatus('réponse sans statut');
    const common = {
      amount: readAmount(answer.amount),
      currency: COIN_CURRENCY_ISO,
      reference: text(answer['trans-id']),
      reason: `${code} ${text(answer.message) ?? ''}`.trim(),
    };
    if (code === '0' && common.amount === null) {
      return { ...common, status: 'pending', reason: `${common.reason} sans montant` };
    }
    if (code === '0') return { ...common, status: 'success' };
    if (code === '12') return { ...common, status: 'failed' };
    return { ...common, status: 'pending' };
  }

  return { name: 'moov_bf', method: 'moov', start, status };
}
