/** Product settings an operator may change: the social links and announcement pricing. */
import { z } from 'zod';
import { ANNOUNCEMENT_COST, ANNOUNCEMENT_FIRST_FREE } from '@app/shared';
import { bool, url } from './values.js';

export const productEnv = {
  SOCIAL_LINK_FACEBOOK: url(['https', 'http']).default('https://www.facebook.com/'),
  SOCIAL_LINK_TIKTOK: url(['https', 'http']).default('https://www.tiktok.com/'),
  SOCIAL_LINK_YOUTUBE: url(['https', 'http']).default('https://www.youtube.com/'),
  // Announcement pricing: pièces per publication, and whether a member's first one is free.
  ANNOUNCEMENT_COST: z.coerce
    .number({ error: 'doit être un nombre entier de pièces' })
    .int('doit être un nombre entier de pièces')
    .min(0, 'ne peut pas être négatif')
    .max(100_000, 'ne peut pas dépasser 100000')
    .default(ANNOUNCEMENT_COST),
  ANNOUNCEMENT_FIRST_FREE: bool(ANNOUNCEMENT_FIRST_FREE),
};

type ProductEnv = z.infer<z.ZodObject<typeof productEnv>>;

export interface ProductConfig {
  /** Where each network's 'Gagner des pièces' entry leads. */
  socialLinks: { facebook: string; tiktok: string; youtube: string };
  /** Announcement pricing: `cost` pièces per publication, the first one free when `firstFree`. */
  announcements: { cost: number; firstFree: boolean };
}

export function productConfig(e: ProductEnv): ProductConfig {
  return {
    socialLinks: {
      facebook: e.SOCIAL_LINK_FACEBOOK,
      tiktok: e.SOCIAL_LINK_TIKTOK,
      youtube: e.SOCIAL_LINK_YOUTUBE,
    },
    announcements: { cost: e.ANNOUNCEMENT_COST, firstFree: e.ANNOUNCEMENT_FIRST_FREE },
  };
}
