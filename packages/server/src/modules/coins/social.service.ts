/**
 * Joining a social network from 'Gagner des pièces' (spec 2 §4, §9): 50 pièces once per
 * network and member, through the ledger under social_join:{user}:{platform} (the key the
 * profile's social_media flags read), then a social_reward notification. A second join is
 * refused with 409 and credits nothing.
 */
import {
  COINS_MSG,
  SOCIAL_PLATFORM_LABELS,
  SOCIAL_REWARD_COINS,
  type TSocialJoinData,
  type TSocialPlatform,
} from '@app/shared';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { applyMovement } from './ledger.js';

const socialJoinKey = (userId: number, platform: TSocialPlatform) =>
  `social_join:${userId}:${platform}`;

export async function joinSocialNetwork(
  deps: Pick<Deps, 'db' | 'notify' | 'config' | 'metrics' | 'realtime'>,
  userId: number,
  platform: TSocialPlatform,
): Promise<TSocialJoinData> {
  const result = await deps.db.transaction().execute((trx) =>
    applyMovement(
      trx,
      {
        userId,
        amount: SOCIAL_REWARD_COINS,
        reason: 'social_join',
        key: socialJoinKey(userId, platform),
        meta: { platform },
      },
      deps.metrics,
    ),
  );
  if (!result.applied) {
    throw new AppError('already_joined', COINS_MSG.socialAlreadyJoined, { status: 409 });
  }
  await deps.notify(userId, 'social_reward', {
    coins_earned: SOCIAL_REWARD_COINS,
    network: SOCIAL_PLATFORM_LABELS[platform],
  });
  return {
    platform,
    coins_earned: SOCIAL_REWARD_COINS,
    new_balance: result.balance,
    link: deps.config.socialLinks[platform],
  };
}
