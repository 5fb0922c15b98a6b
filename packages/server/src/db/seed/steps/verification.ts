/**
 * Demo seed step (issue 28): every demo member's photo starts their gallery; one member in four
 * (never the demo account) is verified, and one more waits in the console's « Vérifications »
 * queue with two selfies (drawn from their portrait) and the poses asked.
 */
import { DEMO_ACCOUNT } from '../demo-members.js';
import type { Sql } from '../../db.js';
import type { SeedContext, SeedStep } from '../seed-context.js';
import { insertOnce } from '../seed-context.js';
import { storeSelfie } from '../../../modules/verification/index.js';

const VERIFIED_ONE_IN = 4;

const isDone = async (sql: Sql) =>
  (await sql.query('SELECT 1 FROM verification_requests LIMIT 1')).length > 0;

export const verificationStep: SeedStep = {
  name: 'vérifications',
  isDone,
  async run(ctx: SeedContext) {
    const [pending] = await ctx.db.query<{ id: number; photo_key: string }>(
      `SELECT id, photo_key FROM users
        WHERE photo_key IS NOT NULL AND email <> $1 AND id % $2 = 1
        ORDER BY id LIMIT 1`,
      [DEMO_ACCOUNT.email, VERIFIED_ONE_IN],
    );
    const portrait = pending && (await ctx.storage.get(`photos/${pending.photo_key}-full.webp`));
    const selfies =
      pending && portrait
        ? [
            await storeSelfie(ctx.storage, pending.id, portrait.body),
            await storeSelfie(ctx.storage, pending.id, portrait.body),
          ]
        : [];
    return insertOnce(ctx.db, isDone, async (tx) => {
      await tx.query(
        `INSERT INTO user_photos (user_id, photo_key, position)
         SELECT id, photo_key, 0 FROM users u
          WHERE photo_key IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM user_photos p WHERE p.user_id = u.id)`,
      );
      const verified = await tx.query(
        `UPDATE users SET verified_at = now(), verified_photo_keys = ARRAY[photo_key]
          WHERE photo_key IS NOT NULL AND email <> $1 AND id % $2 = 0 RETURNING id`,
        [DEMO_ACCOUNT.email, VERIFIED_ONE_IN],
      );
      await tx.query(
        `INSERT INTO verification_requests (user_id, poses, status, selfie_keys, photo_keys, submitted_at)
         SELECT user_id, ARRAY['left_hand_face', 'thumb_up'], 'approved', NULL, ARRAY[photo_key], now()
           FROM (SELECT id AS user_id, photo_key FROM users WHERE verified_at IS NOT NULL) v`,
      );
      if (pending && selfies.length === 2) {
        await tx.query(
          `INSERT INTO verification_requests (user_id, poses, status, selfie_keys, photo_keys, submitted_at)
           VALUES ($1, ARRAY['right_hand_face', 'peace_sign'], 'pending', $2, ARRAY[$3], now())`,
          [pending.id, selfies.map((s) => s.key), pending.photo_key],
        );
      }
      return verified.length + (selfies.length > 0 ? 1 : 0);
    });
  },
};
