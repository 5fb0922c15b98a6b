/** How a nearby member is named on the map, the list and the sheet. */
import type { TNearbyUser } from '@app/shared';

export const ageLabel = (u: Pick<TNearbyUser, 'name' | 'age'>) =>
  u.age === null ? u.name : `${u.name}, ${u.age} ans`;
