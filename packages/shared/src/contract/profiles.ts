/**
 * Profile calls (spec 1 §3, §7; spec 2 §7): the member's own profile (read, complete in the
 * wizard, edit), the gift flag, the daily reward, the passions catalogue, and the view of
 * someone else's profile.
 *
 * The wizard and the edit screen send multipart forms (with the photo): the handler reads the
 * form and its token itself; the table lists the fields for the docs.
 */
import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import { ZDailyRewardInfo, ZDailyRewardSeen, ZOwnProfile, ZProfileViewParams } from '../account.js';
import { ZSessionOnlyRequest } from '../auth.js';
import { PASSION_MAX, ZPassion } from '../passions.js';
import { defineRoute } from './define.js';

const ownProfile = () => envelopeOf(ZOwnProfile);
const PHOTO_ERRORS = ['too_large', 'image_too_large', 'invalid_image'] as const;
const PASSIONS_FIELD = `JSON : liste de clés de GET /passions, ${PASSION_MAX} au plus, sans doublon`;

export const profileRoutes = {
  // Also the 15 s presence heartbeat of the chat screens (spec 2 §7).
  'profile.own': defineRoute('profile.own', {
    request: ZSessionOnlyRequest,
    response: ownProfile(),
    errors: ['not_found'],
  }),
  'profile.get': defineRoute('profile.get', {
    response: ownProfile(),
    errors: ['not_found'],
  }),
  'profile.complete': defineRoute('profile.complete', {
    multipart: {
      photo: { description: 'La photo recadrée (image, 5 Mo au plus)', file: true, required: true },
      name: { description: 'Nom', required: true },
      gender: { description: 'homme ou femme', required: true },
      birth_date: { description: 'AAAA-MM-JJ, 18 ans au moins', required: true },
      locality: { description: 'Localité « ville, pays »', required: true },
      details: { description: 'JSON : les traits et la bio, facultatif' },
      passions: { description: `${PASSIONS_FIELD} ; facultatif` },
    },
    response: ownProfile(),
    errors: ['validation', 'already_complete', 'not_found', ...PHOTO_ERRORS],
  }),
  'profile.update': defineRoute('profile.update', {
    multipart: {
      name: { description: 'Nom, 2 à 50 caractères ; absent, il ne change pas' },
      bio: { description: 'Bio, 500 caractères au plus ; absente, elle ne change pas' },
      locality: { description: 'Localité, 100 caractères au plus ; absente, elle ne change pas' },
      photo: { description: 'Nouvelle photo recadrée, facultative', file: true },
      passions: { description: `${PASSIONS_FIELD} ; absente, elles ne changent pas` },
    },
    response: ownProfile(),
    errors: ['validation', 'not_found', ...PHOTO_ERRORS],
  }),
  'profile.markGiftSeen': defineRoute('profile.markGiftSeen', {
    request: ZSessionOnlyRequest,
    response: envelopeOf(z.never()),
    errors: [],
  }),
  'profile.dailyReward': defineRoute('profile.dailyReward', {
    request: ZSessionOnlyRequest,
    response: envelopeOf(ZDailyRewardInfo),
    errors: [],
  }),
  /**
   * Today's reward window is being shown: remembered for the member, so that no other device
   * shows it again today. `first` is false when one already did (then this one does not).
   */
  'profile.dailyRewardSeen': defineRoute('profile.dailyRewardSeen', {
    request: ZSessionOnlyRequest,
    response: envelopeOf(ZDailyRewardSeen),
    errors: [],
  }),
  /** The passions catalogue, in the order the chip grids show it. */
  'passions.list': defineRoute('passions.list', {
    response: envelopeOf(z.object({ items: z.array(ZPassion) })),
    errors: [],
  }),
  /**
   * Someone else's profile was opened. The answer is `success` alone, whatever happened: the
   * viewer learns nothing of the other member (no field of theirs can leave through it).
   */
  'profile.view': defineRoute('profile.view', {
    request: ZSessionOnlyRequest,
    params: ZProfileViewParams,
    response: z.object({ success: z.boolean() }),
    errors: ['validation', 'not_found', 'rate_limited'],
  }),
};
