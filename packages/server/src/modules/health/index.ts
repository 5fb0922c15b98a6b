/** The health module's door: GET /health. */
export { healthRoutes } from './health.routes.js';
