/**
 * The privacy module's door: the settings routes, and the settings of several members for the
 * modules that hide what a setting hides.
 */
export { privacyRoutes } from './privacy.routes.js';
export { getMemberSettings, settingsOf } from './privacy.service.js';
