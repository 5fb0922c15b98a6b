/**
 * Demo seed step: the demo account's own history, so that no account screen is empty for a
 * visitor. One announcement of its own (« Mes annonces »), one successful purchase of the
 * popular pack (« Mes achats »: 250 pièces and the 25 bonus, credited through a ledger movement
 * keyed as a real purchase is, so the books still balance) and one support ticket answered by
 * the team (« Mes tickets »).
 */
import { findPackById } from '@app/shared';
import type { Sql } from '../../db.js';
import type { SeedContext, SeedStep } from '../seed-context.js';
import { insertOnce } from '../seed-context.js';
import { DEMO_ACCOUNT, DEMO_PURCHASE_COINS } from '../demo-members.js';

/** The popular pack: 250 pièces and 25 bonus for 1 000 FCFA. */
const DEMO_PACK_ID = 3;
const DEMO_PAYMENT_ID = 'demo-achat-1';
const DAY_MS = 86_400_000;

const ANNOUNCEMENT =
  'Je cherche des amis pour les sorties du week-end à Ouaga : concerts au maquis, matchs des ' +
  'Étalons entre amis et balades le long du barrage. Écrivez-moi si vous aimez rire !';
const TICKET = {
  reason: 'payment',
  description: 'Bonjour, je voulais savoir si le bonus de mon achat de pièces est bien compté.',
  reply: 'Bonjour ! Oui : votre achat a crédité 250 pièces et 25 pièces de bonus. Bonne journée.',
} as const;

async function findDemoAccount(sql: Sql) {
  const rows = await sql.query<{ id: number; coins: number }>(
    `SELECT id, coins FROM users WHERE email = $1 AND is_demo`,
    [DEMO_ACCOUNT.email],
  );
  return rows[0] ?? null;
}

/** Done once the demo purchase exists (or there is no demo account). */
async function hasDemoHistory(sql: Sql) {
  const me = await findDemoAccount(sql);
  if (!me) return true;
  const rows = await sql.query(`SELECT 1 FROM payment_orders WHERE payment_id = $1`, [
    DEMO_PAYMENT_ID,
  ]);
  return rows.length > 0;
}

async function insertHistory(sql: Sql, now: Date) {
  const me = await findDemoAccount(sql);
  const pack = findPackById(DEMO_PACK_ID);
  if (!me || !pack) return 0;
  const bought = new Date(now.getTime() - 3 * DAY_MS);
  await sql.query(
    `INSERT INTO announcements (user_id, description, category, created_at, updated_at)
     VALUES ($1, $2, 'sorties', $3, $3)`,
    [me.id, ANNOUNCEMENT, new Date(now.getTime() - 2 * DAY_MS)],
  );
  const orders = await sql.query<{ id: number }>(
    `INSERT INTO payment_orders (payment_id, user_id, pack_id, amount, coins, bonus, provider,
                                 method, status, created_at, updated_at, completed_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'simulator', 'orange', 'success', $7, $7, $7)
     RETURNING id`,
    [DEMO_PAYMENT_ID, me.id, pack.id, pack.price, pack.coins, pack.bonus, bought],
  );
  const orderId = orders[0]?.id;
  if (orderId === undefined) return 0;
  const credited = DEMO_PURCHASE_COINS;
  if (pack.coins + pack.bonus !== credited) return 0;
  await sql.query(
    `INSERT INTO coin_movements (user_id, amount, balance_after, reason, idempotency_key, meta,
                                 created_at)
     VALUES ($1, $2, $3, 'purchase', $4, $5, $6)`,
    [
      me.id,
      credited,
      me.coins + credited,
      `purchase:${orderId}`,
      JSON.stringify({ order_id: orderId, payment_id: DEMO_PAYMENT_ID, pack_id: pack.id }),
      bought,
    ],
  );
  await sql.query(`UPDATE users SET coins = coins + $2 WHERE id = $1`, [me.id, credited]);
  const asked = new Date(now.getTime() - DAY_MS);
  await sql.query(
    `INSERT INTO support_tickets (user_id, reason, description, status, reply, replied_at,
                                  created_at, updated_at)
     VALUES ($1, $2, $3, 'resolved', $4, $5, $6, $5)`,
    [me.id, TICKET.reason, TICKET.description, TICKET.reply, now, asked],
  );
  return 3;
}

export const demoAccountHistoryStep: SeedStep = {
  name: 'annonce, achat et ticket du compte de démonstration',
  isDone: hasDemoHistory,
  run: (ctx: SeedContext) => insertOnce(ctx.db, hasDemoHistory, (tx) => insertHistory(tx, ctx.now)),
};
