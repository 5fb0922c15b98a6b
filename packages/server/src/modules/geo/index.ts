/** The geo module's door: GET /geo/locate. */
export { geoRoutes } from './geo.routes.js';
