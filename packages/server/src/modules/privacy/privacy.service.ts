/**
 * Privacy settings (issue 29): reading and changing one's own, and the settings of several
 * members at once for the modules that enforce them in what others receive.
 */
import {
  DEFAULT_MEMBER_SETTINGS,
  WHO_CAN_MESSAGE,
  type TMemberSettings,
  type TMemberSettingsUpdate,
  type TWhoCanMessage,
} from '@app/shared';
import type { Database } from '../../db/kysely.js';
import * as repo from './privacy.repository.js';

type SettingsRow = Awaited<ReturnType<typeof repo.findSettingsRows>>[number];

const whoCanMessage = (v: string): TWhoCanMessage =>
  (WHO_CAN_MESSAGE as readonly string[]).includes(v) ? (v as TWhoCanMessage) : 'everyone';

function present(row: SettingsRow | undefined): TMemberSettings {
  if (!row) return { ...DEFAULT_MEMBER_SETTINGS };
  return {
    hide_distance: row.hide_distance,
    hide_online: row.hide_online,
    read_receipts: row.read_receipts,
    who_can_message: whoCanMessage(row.who_can_message),
    hide_from_nearby: row.hide_from_nearby,
    verified_only_messages: row.verified_only_messages,
    receive_calls: row.receive_calls,
  };
}

/** The settings of each of `ids` (defaults for a member without a row). */
export async function settingsOf(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, TMemberSettings>> {
  const unique = [...new Set(ids)];
  const rows = await repo.findSettingsRows(db, unique);
  const byId = new Map(rows.map((r) => [Number(r.user_id), r]));
  return new Map(unique.map((id) => [id, present(byId.get(id))]));
}

export async function getMemberSettings(db: Database, userId: number): Promise<TMemberSettings> {
  return (await settingsOf(db, [userId])).get(userId) ?? { ...DEFAULT_MEMBER_SETTINGS };
}

export async function updateMemberSettings(
  db: Database,
  userId: number,
  update: TMemberSettingsUpdate,
): Promise<TMemberSettings> {
  const change: Partial<TMemberSettings> = {};
  if (update.hide_distance !== undefined) change.hide_distance = update.hide_distance;
  if (update.hide_online !== undefined) change.hide_online = update.hide_online;
  if (update.read_receipts !== undefined) change.read_receipts = update.read_receipts;
  if (update.who_can_message !== undefined) change.who_can_message = update.who_can_message;
  if (update.hide_from_nearby !== undefined) change.hide_from_nearby = update.hide_from_nearby;
  if (update.verified_only_messages !== undefined)
    change.verified_only_messages = update.verified_only_messages;
  if (update.receive_calls !== undefined) change.receive_calls = update.receive_calls;
  return present(await repo.upsertSettings(db, userId, change));
}
