/** IP-geolocation adapter: offline database first, then the configured providers. */
export { createGeoLocator, isPrivateIp, normalizeIp } from './geo-locator.js';
export type { GeoLocation, GeoLocator } from './geo-locator.js';
