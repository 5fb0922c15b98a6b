/**
 * The console's payments (admins): orders by status and provider, each with the provider's last
 * answer; re-checking one with its provider, the why in the audit log; the ledger audit.
 */
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { findLedgerMismatches } from '../coins/index.js';
import { findOrderById, paymentDeps, refreshOrder } from '../payments/index.js';
import { presentOrder } from './members.presenter.js';
import { findOrders } from './payments.repository.js';
import { askingProvider, recheckWhy } from './recheck.js';
import { audit, pageOf, paginate } from './staff.js';

export async function listOrders(
  deps: Pick<Deps, 'db'>,
  input: { status?: 'pending' | 'success' | 'failed' | 'raised'; provider?: string; page?: number },
) {
  const p = pageOf(input.page);
  const raised = input.status === 'raised';
  const status = raised ? 'pending' : (input.status ?? null);
  const rows = await findOrders(
    deps.db,
    { status, provider: input.provider ?? null, raised },
    p.limit,
    p.offset,
  );
  const { data, pagination } = paginate(rows, p);
  return { data: data.map(presentOrder), pagination };
}

/** Asks the order's provider again; answers the order's status after it. */
export async function recheckOrder(deps: Deps, actorId: number, id: number) {
  const order = await findOrderById(deps.db, id);
  if (!order) throw new AppError('not_found', 'Commande introuvable', { status: 404 });
  const asked = askingProvider(paymentDeps(deps));
  const after = await refreshOrder(asked.ctx, order);
  await audit(deps.db, {
    actorId,
    action: 'payment.recheck',
    targetType: 'payment_order',
    targetId: order.id,
    reason: recheckWhy(order, after, asked.answer()),
    data: { before: order.status, after: after.status, answer: asked.answer() },
  });
  return after.status;
}

/** The members whose balance and coin ledger disagree (at most 200). */
export const ledgerAudit = (deps: Pick<Deps, 'db'>) =>
  findLedgerMismatches(deps.db, { limit: 200 });
