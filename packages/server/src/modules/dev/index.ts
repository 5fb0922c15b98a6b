/** The dev module's door: the dev outbox page (never mounted in production). */
export { devRoutes } from './dev.routes.js';
