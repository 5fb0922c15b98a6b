/** The nearby module's door: what the app and other modules (swipes) may use of it. */
export { locationRoutes } from './location.routes.js';
export { originOf, saveOwnPosition } from './location.service.js';
export { findViewer, queryNearestFirst, type ViewerRow } from './location.repository.js';
export { markerOf } from './nearby.presenter.js';
export { photosOf, type PhotoUrls } from './photo-urls.js';
