/** The profiles module's door: the own profile's routes. */
export { profileRoutes } from './profile.routes.js';
export { profileUpdateRoutes } from './profile-update.routes.js';
