/** The audit log as admins read it: newest first, 50 a page. */
import type { Deps } from '../../deps.js';
import { findAuditEntries } from './audit.repository.js';
import { presentAuditEntry } from './audit.presenter.js';
import { pageOf, paginate } from './staff.js';

export async function listAuditEntries(deps: Pick<Deps, 'db'>, page: number | undefined) {
  const p = pageOf(page, 50);
  const rows = await findAuditEntries(deps.db, p.limit, p.offset);
  return paginate(rows.map(presentAuditEntry), p);
}
