/**
 * Account deletion in tables that other features own and that may not exist in every database
 * yet. Each entry is applied only when its table and columns exist (information_schema), so
 * deletion works whatever has been migrated. Names come from the constants below, never from
 * input.
 */
import type { Sql } from '../../db/db.js';

/** Rows that belong to the member and go with the account. */
const OWN_ROWS: readonly { table: string; owner: string }[] = [
  // Moderation's daily-activity record (migration 009).
  { table: 'member_activity', owner: 'user_id' },
];

/**
 * Rows kept for accounting, cut loose from personal details: a payment order keeps its amount,
 * pack, provider and status, not the mobile-money number that paid (migration 007).
 */
const SCRUBBED: readonly { table: string; owner: string; columns: readonly string[] }[] = [
  { table: 'payment_orders', owner: 'user_id', columns: ['phone'] },
];

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function existingColumns(tx: Sql, tables: string[]) {
  const rows = await tx.query<{ table_name: string; column_name: string; is_nullable: string }>(
    `SELECT table_name, column_name, is_nullable FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ANY($1::text[])`,
    [tables],
  );
  const byTable = new Map<string, Map<string, boolean>>();
  for (const r of rows) {
    const cols = byTable.get(r.table_name) ?? new Map<string, boolean>();
    cols.set(r.column_name, r.is_nullable === 'YES');
    byTable.set(r.table_name, cols);
  }
  return byTable;
}

/** Applies the entries above that this database has; returns the tables it touched. */
export async function cleanOptionalTables(tx: Sql, userId: number): Promise<string[]> {
  const tables = [...OWN_ROWS.map((t) => t.table), ...SCRUBBED.map((t) => t.table)];
  const existing = await existingColumns(tx, tables);
  const touched: string[] = [];
  for (const { table, owner } of OWN_ROWS) {
    if (!existing.get(table)?.has(owner)) continue;
    await tx.query(`DELETE FROM ${ident(table)} WHERE ${ident(owner)} = $1`, [userId]);
    touched.push(table);
  }
  for (const { table, owner, columns } of SCRUBBED) {
    const cols = existing.get(table);
    if (!cols?.has(owner)) continue;
    const nullable = columns.filter((c) => cols.get(c) === true);
    if (nullable.length === 0) continue;
    const set = nullable.map((c) => `${ident(c)} = NULL`).join(', ');
    await tx.query(`UPDATE ${ident(table)} SET ${set} WHERE ${ident(owner)} = $1`, [userId]);
    touched.push(table);
  }
  return touched;
}
