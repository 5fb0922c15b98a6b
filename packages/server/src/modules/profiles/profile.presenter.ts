/** Allowlists of the fields that leave the server about a member's own profile. */
import type { FastifyInstance } from 'fastify';
import { ageOn } from '@app/shared';
import type { UserRow } from '../auth/users.repository.js';
import { profileStats, socialJoins } from './profile.repository.js';
import { photoUrlsOf } from './photos.js';

export function ageOf(birthDate: string | null, now = new Date()): number | null {
  if (!birthDate) return null;
  const [y, m, d] = birthDate.split('-').map(Number);
  if (!y || !m || !d) return null;
  return ageOn({ y, m, d }, now);
}

export async function presentOwnProfile(app: FastifyInstance, u: UserRow) {
  const [stats, social] = await Promise.all([
    profileStats(app.db, u.id),
    socialJoins(app.db, u.id),
  ]);
  const photos = photoUrlsOf(app, u.photo_key);
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    age: ageOf(u.birth_date),
    birth_date: u.birth_date,
    gender: u.gender,
    locality: u.locality,
    bio: u.bio,
    details: u.details,
    photo: photos?.card ?? null,
    photos,
    coins: u.coins,
    stats,
    passions: u.passions,
    social_media: social,
    gifted_signup: u.gifted_signup,
    invitation_code: u.invitation_code,
    email_verified: !!u.email_verified_at,
    profile_complete: !!u.profile_completed_at,
    created_at: u.created_at,
  };
}
