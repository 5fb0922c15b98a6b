/**
 * Calls made by providers and by the browser coming back from them, outside the member API,
 * registered from the shared route table (contract/payments.ts): CinetPay's notification URL
 * (form-encoded POST with its x-token header, and a GET ping) and the return URL, which only
 * sends the browser back to /buy-coins to poll: coming back is never a proof of payment.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withLog } from '../../deps.js';
import { contractRoute } from '../../http/contract-route.js';
import { paymentDeps } from './payment.deps.js';
import { receiveCinetPayNotification } from './cinetpay-notify.service.js';

const PAYMENT_ID_RE = /^[A-Za-z0-9]{6,64}$/;

/** Flat string fields of a form or JSON body (anything else is dropped). */
function stringFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!body || typeof body !== 'object') return fields;
  for (const [k, v] of Object.entries(body)) {
    if (typeof v === 'string') fields[k] = v;
    else if (typeof v === 'number') fields[k] = String(v);
  }
  return fields;
}

export async function providerRoutes(app: FastifyInstance) {
  // CinetPay posts application/x-www-form-urlencoded; only these routes accept it.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  contractRoute(app, 'payments.cinetpayPing', async () => ({ success: true }));

  contractRoute(app, 'payments.cinetpayNotify', async (body, req) => {
    const header = req.headers['x-token'];
    await receiveCinetPayNotification(paymentDeps(withLog(app.deps, req.log)), {
      fields: stringFields(body),
      xToken: Array.isArray(header) ? header[0] : header,
      ip: req.ip,
    });
    return { success: true };
  });

  // The answer is the redirect itself: nothing is returned after it.
  const backToShop = async (req: FastifyRequest, reply: FastifyReply) => {
    const fields = { ...stringFields(req.body), ...stringFields(req.query) };
    const id = fields.payment_id ?? fields.transaction_id ?? fields.cpm_trans_id ?? '';
    const target = PAYMENT_ID_RE.test(id)
      ? `/buy-coins?payment_id=${encodeURIComponent(id)}`
      : '/buy-coins';
    void reply.redirect(target, 303);
    return undefined;
  };
  contractRoute(app, 'payments.returnGet', (_input, req, reply) => backToShop(req, reply));
  contractRoute(app, 'payments.returnPost', (_input, req, reply) => backToShop(req, reply));
}
