/** What the console shows of a member: a search row, and the detail page with its records. */
import type { FastifyInstance } from 'fastify';
import { photoOf } from '../chats/chat.presenter.js';
import { ageOf } from '../profiles/profile.presenter.js';
import type { MemberDeviceRow, MemberRow } from './members.repository.js';

export function presentMemberRow(app: FastifyInstance, m: MemberRow) {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    photo: photoOf(app, m.photo_key),
    role: m.role,
    blocked: !!m.blocked_at,
    blocked_reason: m.blocked_reason,
    created_at: m.created_at,
    last_seen_at: m.last_seen_at,
    coins: m.coins,
  };
}

/**
 * The member's devices (hash, first and last use) with the other accounts seen on each, from
 * the rows of `devicesOf` (one per device and account), in their order.
 */
export function presentMemberDevices(rows: MemberDeviceRow[]) {
  const devices = new Map<
    string,
    {
      hash: string;
      first_seen_at: Date;
      last_seen_at: Date;
      accounts: { id: number; name: string | null; email: string; blocked: boolean }[];
    }
  >();
  for (const r of rows) {
    const device = devices.get(r.device_hash) ?? {
      hash: r.device_hash,
      first_seen_at: r.first_seen_at,
      last_seen_at: r.last_seen_at,
      accounts: [],
    };
    devices.set(r.device_hash, device);
    if (r.other_id !== null && r.other_email !== null) {
      device.accounts.push({
        id: r.other_id,
        name: r.other_name,
        email: r.other_email,
        blocked: !!r.other_blocked_at,
      });
    }
  }
  return [...devices.values()];
}

export interface MemberRecords {
  /** The signup device (users.device_hash): the accounts created from it, refused sign-ups. */
  device: { accounts: unknown[]; refusals: number };
  devices: MemberDeviceRow[];
  coin_movements: unknown[];
  orders: unknown[];
  reports_received: unknown[];
  reports_made: unknown[];
}

export function presentMemberDetail(app: FastifyInstance, m: MemberRow, r: MemberRecords) {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    gender: m.gender,
    age: ageOf(m.birth_date),
    locality: m.locality,
    bio: m.bio,
    photos: m.photo_key
      ? {
          thumb: photoOf(app, m.photo_key),
          card: photoOf(app, m.photo_key, 'card'),
          full: photoOf(app, m.photo_key, 'full'),
        }
      : null,
    role: m.role,
    coins: m.coins,
    blocked: !!m.blocked_at,
    blocked_reason: m.blocked_reason,
    email_verified: !!m.email_verified_at,
    profile_complete: !!m.profile_completed_at,
    created_at: m.created_at,
    last_seen_at: m.last_seen_at,
    device: { hash: m.device_hash, ...r.device },
    devices: presentMemberDevices(r.devices),
    coin_movements: r.coin_movements,
    orders: r.orders,
    reports_received: r.reports_received,
    reports_made: r.reports_made,
  };
}
