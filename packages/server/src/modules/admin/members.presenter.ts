/** What the console shows of a member: a search row, and the detail page with its records. */
import type {
  TAdminMember,
  TAdminMemberRow,
  TAdminOrder,
  TMemberDevice,
  TOwnPhoto,
} from '@app/shared';
import { ageOf, ZProviderAnswer } from '@app/shared';
import type { Deps } from '../../deps.js';
import type { JsonValue } from '../../db/schema.gen.js';
import { photoOf } from '../chats/index.js';
import type {
  accountsOnSameDevice,
  coinMovements,
  MemberDeviceRow,
  MemberRow,
  ordersOf,
  reportsAbout,
} from './members.repository.js';
import { iso, isoOrNull } from './staff.js';

type Rows<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>;

const objectOrNull = (v: JsonValue): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? v : null;

export function presentMemberRow(deps: Pick<Deps, 'storage'>, m: MemberRow): TAdminMemberRow {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    photo: photoOf(deps, m.photo_key),
    role: m.role,
    blocked: !!m.blocked_at,
    blocked_reason: m.blocked_reason,
    created_at: iso(m.created_at),
    last_seen_at: isoOrNull(m.last_seen_at),
    coins: m.coins,
  };
}

/**
 * The member's devices (hash, first and last use) with the other accounts seen on each, from
 * the rows of `devicesOf` (one per device and account), in their order.
 */
export function presentMemberDevices(rows: MemberDeviceRow[]): TMemberDevice[] {
  const devices = new Map<string, TMemberDevice>();
  for (const r of rows) {
    const device = devices.get(r.device_hash) ?? {
      hash: r.device_hash,
      first_seen_at: iso(r.first_seen_at),
      last_seen_at: iso(r.last_seen_at),
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

/** A payment order as the console lists it (the provider's last answer when it reads well). */
export function presentOrder(
  o: Rows<typeof ordersOf>[number] & { user_name?: string | null; user_email?: string },
): TAdminOrder {
  const answer = ZProviderAnswer.safeParse(o.last_answer);
  return {
    id: o.id,
    payment_id: o.payment_id,
    user_id: o.user_id,
    ...(o.user_email !== undefined ? { user_name: o.user_name, user_email: o.user_email } : {}),
    pack_id: o.pack_id,
    amount: o.amount,
    currency: o.currency,
    coins: o.coins,
    bonus: o.bonus,
    provider: o.provider,
    method: o.method,
    status: o.status,
    provider_ref: o.provider_ref,
    failure_reason: o.failure_reason,
    check_attempts: o.check_attempts,
    created_at: iso(o.created_at),
    completed_at: isoOrNull(o.completed_at),
    raised_at: isoOrNull(o.raised_at),
    last_answer: answer.success ? answer.data : null,
    last_answer_at: isoOrNull(o.last_answer_at),
  };
}

export interface MemberRecords {
  /** The gallery, main photo first (issue 28). */
  gallery: TOwnPhoto[];
  /** The signup device (users.device_hash): the accounts created from it, refused sign-ups. */
  device: { accounts: Rows<typeof accountsOnSameDevice>; refusals: number };
  devices: MemberDeviceRow[];
  coin_movements: Rows<typeof coinMovements>;
  orders: Rows<typeof ordersOf>;
  reports_received: Rows<typeof reportsAbout>;
  reports_made: Rows<typeof reportsAbout>;
}

const presentReport = (r: Rows<typeof reportsAbout>[number]) => ({
  ...r,
  created_at: iso(r.created_at),
});

export function presentMemberDetail(
  deps: Pick<Deps, 'storage'>,
  m: MemberRow,
  r: MemberRecords,
): TAdminMember {
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
          thumb: photoOf(deps, m.photo_key),
          card: photoOf(deps, m.photo_key, 'card'),
          full: photoOf(deps, m.photo_key, 'full'),
        }
      : null,
    gallery: r.gallery,
    verified: m.verified_at !== null,
    role: m.role,
    coins: m.coins,
    blocked: !!m.blocked_at,
    blocked_reason: m.blocked_reason,
    email_verified: !!m.email_verified_at,
    profile_complete: !!m.profile_completed_at,
    created_at: iso(m.created_at),
    last_seen_at: isoOrNull(m.last_seen_at),
    device: {
      hash: m.device_hash,
      refusals: r.device.refusals,
      accounts: r.device.accounts.map((a) => ({
        ...a,
        blocked_at: isoOrNull(a.blocked_at),
        created_at: iso(a.created_at),
      })),
    },
    devices: presentMemberDevices(r.devices),
    coin_movements: r.coin_movements.map((c) => ({
      ...c,
      meta: objectOrNull(c.meta),
      created_at: iso(c.created_at),
    })),
    orders: r.orders.map(presentOrder),
    reports_received: r.reports_received.map(presentReport),
    reports_made: r.reports_made.map(presentReport),
  };
}
