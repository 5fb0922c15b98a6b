/**
 * Lists the writers of cached columns in the server's sources, for
 * test/announced-writes.test.ts. A writer is a function that holds a write statement: Kysely's
 * `updateTable` / `insertInto` / `deleteFrom` (the columns named in `.set`, `.values`,
 * `.doUpdateSet`; every column when they are not spelled out) or SQL text (`UPDATE t SET a = …`,
 * `INSERT INTO t (a, …)`, `ON CONFLICT … DO UPDATE SET`, `DELETE FROM t`). It announces when
 * the same function calls `announce(…)` imported from src/db/changes.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface Write {
  table: string;
  kind: 'insert' | 'update' | 'delete';
  /** The columns written; '*' when the statement does not name them (a delete, `.set(patch)`). */
  columns: string[];
}

export interface Writer {
  file: string;
  fn: string;
  writes: Write[];
  announces: boolean;
}

const KYSELY_WRITES = {
  updateTable: 'update',
  insertInto: 'insert',
  deleteFrom: 'delete',
} as const;

const tableOf = (arg: ts.Expression | undefined) =>
  arg && ts.isStringLiteral(arg) ? arg.text.split(/\s+as\s+/i)[0]?.trim() : undefined;

/** The keys of an object literal; ['*'] for anything else (a variable, a callback). */
function keysOf(arg: ts.Expression | undefined): string[] {
  if (!arg || !ts.isObjectLiteralExpression(arg)) return ['*'];
  return arg.properties.map((p) =>
    p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : '*',
  );
}

/** Columns set by the calls chained after a Kysely write (`.set`, `.values`, `.doUpdateSet`). */
function chainedColumns(start: ts.CallExpression): string[] {
  const columns: string[] = [];
  let node: ts.Node = start;
  while (ts.isPropertyAccessExpression(node.parent) && ts.isCallExpression(node.parent.parent)) {
    const call = node.parent.parent;
    const name = node.parent.name.text;
    if (name === 'set' || name === 'values') columns.push(...keysOf(call.arguments[0]));
    if (name === 'onConflict') call.arguments.forEach((a) => columns.push(...doUpdateSets(a)));
    node = call;
  }
  return columns;
}

function doUpdateSets(node: ts.Node): string[] {
  const found: string[] = [];
  const visit = (n: ts.Node) => {
    if (
      ts.isCallExpression(n) &&
      ts.isPropertyAccessExpression(n.expression) &&
      n.expression.name.text === 'doUpdateSet'
    )
      found.push(...keysOf(n.arguments[0]));
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/** The SQL of a string or template literal, `${…}` parts as `$x`. */
function sqlText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((s) => `$x${s.literal.text}`).join('');
  return null;
}

/** The first identifier of each comma-separated part at parenthesis depth 0. */
function assignedColumns(setClause: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of setClause) {
    if (ch === '(') depth += 1;
    if (ch === ')') depth -= 1;
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts.flatMap((p) => /^\s*(\w+)\s*=/.exec(p)?.[1] ?? []);
}

const SET_END = /\b(from|where|returning)\b|\)\s*(select|$)|;|$/i;

/** Writes found in SQL text. */
function writesInSql(text: string): Write[] {
  const writes: Write[] = [];
  const sql = text.replace(/\s+/g, ' ');
  for (const m of sql.matchAll(/\bupdate\s+(\w+)(?:\s+(?:as\s+)?(?!set\b)\w+)?\s+set\s+/gi)) {
    const rest = sql.slice((m.index ?? 0) + m[0].length);
    const end = rest.search(SET_END);
    writes.push({
      table: m[1] ?? '',
      kind: 'update',
      columns: assignedColumns(rest.slice(0, end)),
    });
  }
  for (const m of sql.matchAll(/\binsert\s+into\s+(\w+)\s*\(([^)]*)\)/gi)) {
    const table = m[1] ?? '';
    writes.push({ table, kind: 'insert', columns: (m[2] ?? '').split(',').map((c) => c.trim()) });
    const rest = sql.slice((m.index ?? 0) + m[0].length);
    const conflict = /\bdo\s+update\s+set\s+/i.exec(rest);
    if (conflict) {
      const after = rest.slice(conflict.index + conflict[0].length);
      const columns = assignedColumns(after.slice(0, after.search(SET_END)));
      writes.push({ table, kind: 'update', columns });
    }
  }
  for (const m of sql.matchAll(/\bdelete\s+from\s+(\w+)/gi))
    writes.push({ table: m[1] ?? '', kind: 'delete', columns: ['*'] });
  return writes;
}

/** The name of the function a node sits in, and that function's node. */
function enclosingFunction(node: ts.Node): { fn: string; body: ts.Node } | null {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n))
      return { fn: n.name?.getText() ?? '<anonymous>', body: n };
    if (ts.isArrowFunction(n) || ts.isFunctionExpression(n)) {
      const owner = n.parent;
      if (ts.isVariableDeclaration(owner) || ts.isPropertyAssignment(owner))
        return { fn: owner.name.getText(), body: n };
    }
  }
  return null;
}

function callsAnnounce(node: ts.Node): boolean {
  let found = false;
  const visit = (n: ts.Node) => {
    if (found) return;
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'announce')
      found = true;
    else ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/** Every function of one source text that writes, with what it writes. */
export function writersInSource(file: string, text: string): Writer[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const byFunction = new Map<ts.Node, Writer>();
  // The `announce` of db/changes.ts, not another function of that name (a notifier's).
  const importsAnnounce =
    /import\s*\{[^}]*\bannounce\b[^}]*\}\s*from\s*'[./]*db\/changes\.js'/.test(text);
  const note = (node: ts.Node, writes: Write[]) => {
    if (writes.length === 0) return;
    const owner = enclosingFunction(node);
    const key = owner?.body ?? source;
    let writer = byFunction.get(key);
    if (!writer) {
      const fn = owner?.fn ?? '<module>';
      const announces = importsAnnounce && callsAnnounce(owner?.body ?? source);
      writer = { file, fn, writes: [], announces };
      byFunction.set(key, writer);
    }
    writer.writes.push(...writes);
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const table = tableOf(node.arguments[0]);
      if (table && method in KYSELY_WRITES) {
        const kind = KYSELY_WRITES[method as keyof typeof KYSELY_WRITES];
        const columns = kind === 'delete' ? ['*'] : chainedColumns(node);
        note(node, [{ table, kind, columns: columns.length ? columns : ['*'] }]);
      }
    }
    const text = sqlText(node);
    if (text !== null) note(node, writesInSql(text));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...byFunction.values()];
}

/** Every writer in the TypeScript files under `dir`, but those under the folders `skip`. */
export function writersUnder(dir: string, skip: string[]): Writer[] {
  const found: Writer[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      const rel = path.relative(dir, full);
      if (skip.some((s) => rel === s || rel.startsWith(`${s}/`))) continue;
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
        found.push(...writersInSource(rel, fs.readFileSync(full, 'utf8')));
    }
  };
  walk(dir);
  return found;
}
