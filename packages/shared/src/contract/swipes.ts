/**
 * Swipe and nearby calls (spec 1 §7 "Swipes", "Near"): the candidates, a decision, the
 * member's own position and the members nearby.
 */
import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import {
  ZLocationUpdateRequest,
  ZNearbyRequest,
  ZNearbyUser,
  ZOwnLocation,
  ZSavedLocation,
  ZSwipeProfile,
  ZSwipeProfilesRequest,
  ZSwipeRequest,
  ZSwipeResult,
} from '../swipes.js';
import { zText } from '../text.js';
import { defineRoute } from './define.js';

/** A call that sends at most a token (other keys are ignored, the body may be absent). */
const ZTokenOnly = z.object({ token: zText().optional() }).passthrough().optional();

export const swipeRoutes = {
  'swipes.profiles': defineRoute('swipes.profiles', {
    request: ZSwipeProfilesRequest,
    response: envelopeOf(z.array(ZSwipeProfile)),
    errors: ['validation'],
  }),
  'swipes.swipe': defineRoute('swipes.swipe', {
    request: ZSwipeRequest,
    response: envelopeOf(ZSwipeResult),
    errors: ['validation', 'self_swipe', 'not_found', 'rate_limited'],
  }),
  'nearby.update': defineRoute('nearby.update', {
    request: ZLocationUpdateRequest,
    response: envelopeOf(ZSavedLocation),
    errors: ['validation', 'rate_limited'],
  }),
  'nearby.current': defineRoute('nearby.current', {
    request: ZTokenOnly,
    response: envelopeOf(ZOwnLocation),
    errors: ['validation'],
  }),
  'nearby.search': defineRoute('nearby.search', {
    request: ZNearbyRequest,
    response: envelopeOf(z.array(ZNearbyUser)),
    errors: ['validation', 'rate_limited'],
  }),
};
