/** Coin calls (spec 2 §4, §7): joining a social network from 'Gagner des pièces'. */
import { envelopeOf } from '../envelope.js';
import { ZSocialJoinData, ZSocialJoinRequest } from '../coin-calls.js';
import { defineRoute } from './define.js';

export const coinRoutes = {
  'coins.socialJoin': defineRoute('coins.socialJoin', {
    request: ZSocialJoinRequest,
    response: envelopeOf(ZSocialJoinData),
    errors: ['validation', 'already_joined', 'not_found'],
  }),
};
