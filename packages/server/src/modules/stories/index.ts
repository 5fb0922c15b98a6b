/** The stories module's door: what the app and other modules may use of it. */
export { storyRoutes } from './story.routes.js';
export { findStoriesOfAuthor, forgetStoryAuthor } from './story.account-data.js';
