/**
 * Account deletion in tables that other features own and that may not exist in every database
 * yet. Each entry is applied only when its table and columns exist (information_schema), so
 * deletion works whatever has been migrated. Names come from the constants below, never from
 * input.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/kysely.js';

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

/**
 * Provider notifications about the member's orders (migration 007) stay for audit, but their
 * JSON payload loses every field that names a phone: CinetPay's cel_phone_num and
 * cpm_phone_prefixe, and any key that looks like one (phone, msisdn, mobile, tel, numero…).
 * The notifications are found through the member's orders, by order id or payment id.
 */
const SCRUBBED_PAYLOADS: readonly {
  table: string;
  payload: string;
  /** How a row points at an order: its column and the order table's matching column. */
  links: readonly { column: string; orderColumn: string }[];
  orders: { table: string; owner: string };
}[] = [
  {
    table: 'payment_notifications',
    payload: 'payload',
    links: [
      { column: 'order_id', orderColumn: 'id' },
      { column: 'payment_id', orderColumn: 'payment_id' },
    ],
    orders: { table: 'payment_orders', owner: 'user_id' },
  },
];

/** Keys of a payload that hold a phone number (case-insensitive, PostgreSQL regex). */
const PHONE_KEY_PATTERN = '(phone|msisdn|mobile|portable|telephone|^tel|_tel|tel_|numero|cel_)';

const ident = (name: string) => sql.id(name);

async function existingColumns(db: Database, tables: string[]) {
  const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: string }>`
    SELECT table_name, column_name, is_nullable FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = ANY(${tables}::text[])`.execute(db);
  const byTable = new Map<string, Map<string, boolean>>();
  for (const r of rows) {
    const cols = byTable.get(r.table_name) ?? new Map<string, boolean>();
    cols.set(r.column_name, r.is_nullable === 'YES');
    byTable.set(r.table_name, cols);
  }
  return byTable;
}

/**
 * Applies the entries above that this database has; returns the tables it touched. Table and
 * column names are only known at run time here, so the statements are `sql` templates with
 * quoted identifiers (`sql.id`) and the member's id as a parameter.
 */
export async function cleanOptionalTables(db: Database, userId: number): Promise<string[]> {
  const tables = [
    ...OWN_ROWS.map((t) => t.table),
    ...SCRUBBED.map((t) => t.table),
    ...SCRUBBED_PAYLOADS.flatMap((t) => [t.table, t.orders.table]),
  ];
  const existing = await existingColumns(db, tables);
  const touched: string[] = [];
  for (const { table, owner } of OWN_ROWS) {
    if (!existing.get(table)?.has(owner)) continue;
    await sql`DELETE FROM ${ident(table)} WHERE ${ident(owner)} = ${userId}`.execute(db);
    touched.push(table);
  }
  for (const { table, owner, columns } of SCRUBBED) {
    const cols = existing.get(table);
    if (!cols?.has(owner)) continue;
    const nullable = columns.filter((c) => cols.get(c) === true);
    if (nullable.length === 0) continue;
    const set = sql.join(nullable.map((c) => sql`${ident(c)} = NULL`));
    await sql`UPDATE ${ident(table)} SET ${set} WHERE ${ident(owner)} = ${userId}`.execute(db);
    touched.push(table);
  }
  for (const entry of SCRUBBED_PAYLOADS) {
    const cols = existing.get(entry.table);
    const orderCols = existing.get(entry.orders.table);
    if (!cols?.has(entry.payload) || !orderCols?.has(entry.orders.owner)) continue;
    const links = entry.links.filter((l) => cols.has(l.column) && orderCols.has(l.orderColumn));
    if (links.length === 0) continue;
    const payload = ident(entry.payload);
    const owned: RawBuilder<unknown> = sql.join(
      links.map(
        (l) =>
          sql`${ident(l.column)} IN (SELECT ${ident(l.orderColumn)} FROM ${ident(entry.orders.table)}
             WHERE ${ident(entry.orders.owner)} = ${userId})`,
      ),
      sql` OR `,
    );
    // An object payload minus the array of its phone-like keys; anything else stays as it is.
    await sql`UPDATE ${ident(entry.table)}
          SET ${payload} = CASE WHEN jsonb_typeof(${payload}) = 'object'
                THEN ${payload} - ARRAY(SELECT k FROM jsonb_object_keys(
                       CASE WHEN jsonb_typeof(${payload}) = 'object' THEN ${payload} ELSE '{}' END
                     ) k WHERE k ~* ${PHONE_KEY_PATTERN})
                ELSE ${payload} END
        WHERE ${owned}`.execute(db);
    touched.push(entry.table);
  }
  return touched;
}
