/** An audit log row as the console's Journal shows it (dates in ISO, data an object or null). */
import type { TAuditEntry } from '@app/shared';
import type { JsonValue } from '../../db/schema.gen.js';
import type { findAuditEntries } from './audit.repository.js';

type AuditRow = Awaited<ReturnType<typeof findAuditEntries>>[number];

const objectOrNull = (v: JsonValue): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? v : null;

export const presentAuditEntry = (r: AuditRow): TAuditEntry => ({
  id: r.id,
  actor_id: r.actor_id,
  actor_name: r.actor_name,
  actor_email: r.actor_email,
  action: r.action,
  target_type: r.target_type,
  target_id: r.target_id,
  reason: r.reason,
  data: objectOrNull(r.data),
  created_at: new Date(r.created_at).toISOString(),
});
