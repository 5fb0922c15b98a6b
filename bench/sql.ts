/**
 * SQL helpers the feed and nearby benchmarks share: literals and the member-name expression for
 * their set-based seeding, and EXPLAIN (ANALYZE, BUFFERS) of the repository's own queries.
 */
import type { Param, Row, SqlRunner } from '../packages/server/src/db/db.js';

// prettier-ignore
const FIRST_NAMES = [
  'Awa', 'Salimata', 'Aminata', 'Mariam', 'Fatimata', 'Rasmata', 'Adjara', 'Habibou', 'Alizèta',
  'Boubacar', 'Issouf', 'Moussa', 'Adama', 'Seydou', 'Rasmané', 'Ousmane', 'Karim', 'Abdoulaye',
];
// prettier-ignore
const LAST_NAMES = [
  'Ouédraogo', 'Kaboré', 'Sawadogo', 'Traoré', 'Compaoré', 'Zongo', 'Ilboudo', 'Kinda',
  'Sanou', 'Konaté', 'Diallo', 'Zoungrana',
];

/** A string literal. */
export const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
export const sqlArray = (items: readonly string[]) => `ARRAY[${items.map(lit).join(', ')}]::text[]`;

/** "First Last" for member number `g` (an SQL expression): every combination in turn. */
export const memberNameSql = (g: string) =>
  `(${sqlArray(FIRST_NAMES)})[1 + ${g} % ${FIRST_NAMES.length}] || ' ' ||
             (${sqlArray(LAST_NAMES)})[1 + (${g} / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}]`;

/**
 * `sql`, where each query that `explain` picks (all by default) first runs under
 * EXPLAIN (ANALYZE, BUFFERS), its plan handed to `record`, then runs for its rows.
 */
export function explainingSql(
  sql: SqlRunner,
  record: (text: string, plan: string) => void,
  explain: (text: string) => boolean = () => true,
): SqlRunner {
  const explainFirst = async (text: string, params?: readonly Param[]) => {
    if (!explain(text)) return;
    const rows = await sql.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
    record(text, rows.map((r) => String(r['QUERY PLAN'])).join('\n'));
  };
  return {
    async query<T extends Row = Row>(text: string, params?: readonly Param[]): Promise<T[]> {
      await explainFirst(text, params);
      return sql.query<T>(text, params);
    },
    async run(text: string, params?: readonly Param[]) {
      await explainFirst(text, params);
      return sql.run(text, params);
    },
    exec: (text: string) => sql.exec(text),
  };
}
