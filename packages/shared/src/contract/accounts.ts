/** Calls of the accounts group: the IP-based place for the wizard, the health probe. */
import { envelopeOf } from '../envelope.js';
import { ZGeoLocation } from '../geo-location.js';
import { ZHealth } from '../health.js';
import { defineRoute } from './define.js';

export const accountsRoutes = {
  'geo.locate': defineRoute('geo.locate', {
    response: envelopeOf(ZGeoLocation),
    errors: [],
  }),
  'health.check': defineRoute('health.check', {
    response: envelopeOf(ZHealth),
    errors: [],
  }),
};
