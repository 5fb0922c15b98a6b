/** The swipes module's door: what the app and other modules may use of it. */
export { swipeRoutes } from './swipe.routes.js';
/** The deck's order, for the demo seed to put members who liked the demo account in view. */
export { rankCandidates } from './swipe.ranking.js';
