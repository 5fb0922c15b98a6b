/**
 * The demo members as plain data, computed from a seeded generator: two thirds around
 * Ouagadougou, one third around Bobo-Dioulasso, ages 18 to 60 leaning towards the 20s and 30s,
 * positions rounded to about 1 km. No I/O here, so the same seed always gives the same people.
 */
import type { TPassionKey } from '@app/shared';
import type { Rng } from './rng.js';
import { FEMALE_FIRST_NAMES, MALE_FIRST_NAMES } from './data/names.js';
import { DEMO_CITIES, HOME_TOWNS, OUAGADOUGOU, type DemoCity } from './data/places.js';
import { BIO_CLOSINGS, BIO_INTROS, BIO_JOBS, BIO_LIKES, BIO_SEEKS } from './data/bios.js';

const DEMO_MEMBER_COUNT = 320;
export const DEMO_ACCOUNT = { email: 'demo@rencontre.bf', password: 'Ouaga2025!' } as const;
/** The demo account's balance once seeded (README), its one purchase included. */
const DEMO_ACCOUNT_COINS = 500;
/** What the demo account's purchase credited: the popular pack, 250 pièces and 25 bonus. */
export const DEMO_PURCHASE_COINS = 275;
const DEMO_EMAIL_DOMAIN = 'demo.rencontre.bf';
/** Keys of the shared passions catalogue (the nine of spec 1 and three more). */
const DEMO_PASSIONS = [
  'voyage',
  'cuisine',
  'photographie',
  'musique',
  'sport',
  'technologie',
  'art',
  'balades',
  'danse',
  'lecture',
  'cinema',
  'mode',
] as const satisfies readonly TPassionKey[];

const SCATTER_KM = 15;
const NEIGHBOURHOOD_KM = 2.5;
const KM_PER_DEGREE = 111.32;
const BIO_MAX = 300;
const DAY_MS = 86_400_000;
const CODE_CHARS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ23456789'];

export type Gender = 'homme' | 'femme';

export interface DemoMember {
  email: string;
  name: string;
  gender: Gender;
  /** YYYY-MM-DD */
  birthDate: string;
  age: number;
  city: string;
  locality: string;
  bio: string;
  passions: string[];
  details: {
    height: number;
    weight: number;
    personality: number;
    lifestyle: number;
    ambition: number;
  };
  lat: number;
  lng: number;
  coins: number;
  invitationCode: string;
  createdAt: Date;
  lastSeenAt: Date;
  /** Hex id of the portrait photo (reproducible photo keys). */
  photoId: string;
  /** Picks every part of the member's illustrated portrait (portrait.ts). */
  portraitSeed: number;
  isDemoAccount: boolean;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** A point at most `km` from the centre, uniform over the disc. */
function scatter(rng: Rng, lat: number, lng: number, km: number) {
  const r = km * Math.sqrt(rng.next());
  const theta = rng.next() * 2 * Math.PI;
  const dLat = (r * Math.cos(theta)) / KM_PER_DEGREE;
  const dLng = (r * Math.sin(theta)) / (KM_PER_DEGREE * Math.cos((lat * Math.PI) / 180));
  return { lat: lat + dLat, lng: lng + dLng };
}

function placeIn(rng: Rng, city: DemoCity) {
  if (rng.chance(0.45)) {
    const p = scatter(rng, city.lat, city.lng, SCATTER_KM);
    return { locality: `${city.name}, Burkina Faso`, lat: round2(p.lat), lng: round2(p.lng) };
  }
  const n = rng.pick(city.neighbourhoods);
  const p = scatter(rng, n.lat, n.lng, NEIGHBOURHOOD_KM);
  return { locality: `${n.name}, ${city.name}`, lat: round2(p.lat), lng: round2(p.lng) };
}

function pickAge(rng: Rng): number {
  const [min, max] = rng.weighted<readonly [number, number]>([
    [[18, 22], 16],
    [[23, 29], 34],
    [[30, 39], 30],
    [[40, 49], 13],
    [[50, 60], 7],
  ]);
  return rng.int(min, max);
}

/** A birth date that makes the member exactly `age` today (last birthday 1 to 360 days ago). */
function birthDateFor(rng: Rng, age: number, now: Date): string {
  const d = new Date(
    Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate() - rng.int(1, 360)),
  );
  return d.toISOString().slice(0, 10);
}

export function genderize(text: string, gender: Gender): string {
  return text
    .replace(/\{e\}/g, gender === 'femme' ? 'e' : '')
    .replace(/\{([^|{}]*)\|([^|{}]*)\}/g, (_m, masc: string, fem: string) =>
      gender === 'femme' ? fem : masc,
    );
}

function composeBio(rng: Rng, gender: Gender, city: string): string {
  if (rng.chance(0.08)) return '';
  const parts = [BIO_INTROS, BIO_JOBS, BIO_LIKES, BIO_LIKES, BIO_SEEKS, BIO_CLOSINGS]
    .filter(() => rng.chance(0.6))
    .map((pool) => rng.pick(pool));
  if (parts.length === 0) parts.push(rng.pick(BIO_INTROS));
  let bio = '';
  for (const part of new Set(parts)) {
    const text = genderize(part, gender)
      .replace('{town}', rng.pick(HOME_TOWNS))
      .replace('{city}', city);
    const next = bio ? `${bio} ${text}` : text;
    if (next.length > BIO_MAX) break;
    bio = next;
  }
  return bio;
}

const trait = (rng: Rng) =>
  rng.weighted([
    [1, 1],
    [2, 3],
    [3, 4],
    [4, 3],
    [5, 1],
  ]);

function invitationCode(rng: Rng, taken: Set<string>): string {
  for (;;) {
    const code = Array.from({ length: 8 }, () => rng.pick(CODE_CHARS)).join('');
    if (!taken.has(code)) {
      taken.add(code);
      return code;
    }
  }
}

/** Mostly seen in the last few hours, the rest over the past week. */
function lastSeen(rng: Rng, now: Date): Date {
  const ago = rng.chance(0.25) ? rng.next() * 3 * 3_600_000 : rng.next() * 7 * DAY_MS;
  return new Date(now.getTime() - Math.round(ago));
}

function generateMember(rng: Rng, index: number, now: Date, codes: Set<string>): DemoMember {
  const isDemoAccount = index === 0;
  const city = isDemoAccount
    ? OUAGADOUGOU
    : rng.weighted(DEMO_CITIES.map((c) => [c, c.weight] as const));
  const gender: Gender = rng.chance(0.5) ? 'homme' : 'femme';
  const first = rng.pick(gender === 'homme' ? MALE_FIRST_NAMES : FEMALE_FIRST_NAMES);
  const age = pickAge(rng);
  const place = placeIn(rng, city);
  return {
    email: isDemoAccount ? DEMO_ACCOUNT.email : `demo${index}@${DEMO_EMAIL_DOMAIN}`,
    name: `${first} ${rng.pick(city.familyNames)}`,
    gender,
    birthDate: birthDateFor(rng, age, now),
    age,
    city: city.name,
    ...place,
    bio: composeBio(rng, gender, city.name),
    passions: rng.sample(DEMO_PASSIONS, rng.int(1, 5)),
    details: {
      height: trait(rng),
      weight: trait(rng),
      personality: trait(rng),
      lifestyle: trait(rng),
      ambition: trait(rng),
    },
    // The demo account's purchase (steps/demo-account-history.ts, 275) brings it to 500.
    coins: isDemoAccount ? DEMO_ACCOUNT_COINS - DEMO_PURCHASE_COINS : rng.int(10, 50) * 10,
    invitationCode: invitationCode(rng, codes),
    createdAt: new Date(now.getTime() - rng.int(7, 120) * DAY_MS - rng.int(0, DAY_MS)),
    lastSeenAt: lastSeen(rng, now),
    photoId: rng.hex(32),
    portraitSeed: rng.int(0, 1_000_000),
    isDemoAccount,
  };
}

/** The demo account first, then `demo1` … `demo<count>`. */
export function generateDemoMembers(rng: Rng, now: Date, count = DEMO_MEMBER_COUNT): DemoMember[] {
  const codes = new Set<string>();
  return Array.from({ length: count + 1 }, (_, i) => generateMember(rng, i, now, codes));
}
