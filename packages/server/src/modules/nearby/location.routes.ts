/**
 * POST /location/update, /location/current and /location/nearby (spec 1 §7 "Near"),
 * registered from the shared route table.
 */
import type { FastifyInstance } from 'fastify';
import { NEAR_MSG } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { contractRoute } from '../../http/contract-route.js';
import { findNearbyMembers, ownLocation, saveOwnPosition } from './location.service.js';
import { presentNearbyUser } from './nearby.presenter.js';
import { photosOf } from './photo-urls.js';

export async function locationRoutes(app: FastifyInstance) {
  contractRoute(app, 'nearby.update', async ({ latitude, longitude }, req) => {
    const me = requireUser(req).id;
    const saved = await saveOwnPosition(app.deps, me, { lat: latitude, lng: longitude });
    return {
      success: true,
      message: NEAR_MSG.positionSaved,
      data: { latitude: saved.lat, longitude: saved.lng },
    };
  });

  contractRoute(app, 'nearby.current', async (_body, req) => ({
    success: true,
    data: await ownLocation(app.deps, requireUser(req).id),
  }));

  contractRoute(app, 'nearby.search', async (query, req) => {
    const hits = await findNearbyMembers(app.deps, requireUser(req).id, query);
    const now = app.deps.clock.now();
    const photos = photosOf(app.deps.storage);
    return { success: true, data: hits.map((h) => presentNearbyUser(h, photos, now)) };
  });
}
