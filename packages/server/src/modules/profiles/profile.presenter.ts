/** Allowlists of the fields that leave the server about a member's own profile. */
import { ageOf, normalisePassions, type TOwnProfile } from '@app/shared';
import type { Deps } from '../../deps.js';
import type { OwnProfileRow } from './profile.repository.js';
import { photoUrlsOf } from './photos.js';

/** The own profile, exactly the fields of the contract's ZOwnProfile. */
export function presentOwnProfile(deps: Pick<Deps, 'storage'>, u: OwnProfileRow): TOwnProfile {
  const photos = photoUrlsOf(deps, u.photo_key);
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
    verified: u.verified_at !== null,
    coins: u.coins,
    stats: u.stats,
    passions: normalisePassions(u.passions),
    social_media: u.social_media,
    gifted_signup: u.gifted_signup,
    invitation_code: u.invitation_code,
    email_verified: !!u.email_verified_at,
    profile_complete: !!u.profile_completed_at,
    created_at: new Date(u.created_at).toISOString(),
  };
}
