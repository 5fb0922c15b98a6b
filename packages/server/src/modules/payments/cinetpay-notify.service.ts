/**
 * CinetPay's payment notifications (its notify_url). Each one is recorded, valid or not. A
 * forged one (bad x-token HMAC, another site) is logged and refused; a genuine one is only a
 * hint: the order is settled from CinetPay's own check call, never from the posted fields.
 */
import { AppError } from '../../errors.js';
import type { PaymentDeps } from './payment.deps.js';
import * as repo from './payment.repository.js';
import { refreshOrder, reportLatePayment } from './settle.js';

export interface CinetPayNotification {
  fields: Record<string, string>;
  xToken: string | undefined;
  ip: string;
}

export async function receiveCinetPayNotification(deps: PaymentDeps, n: CinetPayNotification) {
  const cinetpay = deps.providers.cinetpay;
  if (!cinetpay)
    throw new AppError('not_found', 'Notifications CinetPay non configurées', { status: 404 });
  // Far above CinetPay's own pace; keeps a flood of forged posts from filling the log table.
  await deps.limiter.hit({ key: `paynotify:ip:${n.ip}`, max: 300, windowS: 60 });
  const paymentId = n.fields.cpm_trans_id?.trim() || null;
  const valid = cinetpay.verifyNotification(n.fields, n.xToken);
  const order =
    valid && paymentId ? await repo.findOrderByPaymentId(deps.db, paymentId) : undefined;
  await repo.insertProviderNotification(deps.db, {
    provider: 'cinetpay',
    paymentId,
    orderId: order?.id ?? null,
    validSignature: valid,
    ip: n.ip,
    payload: n.fields,
  });
  if (!valid) {
    deps.log.warn({ paymentId, ip: n.ip }, 'notification CinetPay refusée : x-token invalide');
    throw new AppError('forbidden', 'Signature de notification invalide', { status: 401 });
  }
  if (!order || order.provider !== 'cinetpay') {
    deps.log.warn({ paymentId }, 'notification CinetPay pour une commande inconnue');
    return;
  }
  if (order.status === 'failed') await reportLatePayment(deps, order);
  else await refreshOrder(deps, order);
}
