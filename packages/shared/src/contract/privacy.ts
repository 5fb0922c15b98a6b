/** Privacy settings (issue 29): the member reads and changes their own, and nobody else's. */
import { envelopeOf } from '../envelope.js';
import { ZMemberSettings, ZMemberSettingsUpdate } from '../privacy.js';
import { defineRoute } from './define.js';

export const privacyRoutes = {
  'privacy.settings': defineRoute('privacy.settings', {
    response: envelopeOf(ZMemberSettings),
    errors: [],
  }),
  'privacy.update': defineRoute('privacy.update', {
    request: ZMemberSettingsUpdate,
    response: envelopeOf(ZMemberSettings),
    errors: ['validation'],
  }),
};
