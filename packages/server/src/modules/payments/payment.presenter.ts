/** What leaves the server about an order: the spec's fields only (never phone or provider data). */
import type { TPayment, TPaymentCheck } from '@app/shared';
import type { OrderRow } from './payment.repository.js';

export const presentPayment = (o: OrderRow): TPayment => ({
  id: o.id,
  status: o.status,
  amount: o.amount,
  coins: o.coins + o.bonus,
  created_at: o.created_at.toISOString(),
});

/** `balance`: the owner's balance now, so that a success can say what it became. */
export const presentCheck = (o: OrderRow, balance: number): TPaymentCheck => ({
  status: o.status,
  payment_id: o.payment_id,
  amount: o.amount,
  coins: o.coins,
  bonus: o.bonus,
  balance,
});
