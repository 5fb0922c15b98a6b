/**
 * The gallery module's door (issue 28): its routes; the main-photo and moderation changes other
 * modules make in their own transactions; the galleries the swipe deck shows beyond the main
 * photo; and the pipeline entry every member photo goes through.
 */
export { photoRoutes } from './photos.routes.js';
export {
  deletePhotoFiles,
  presentGallery,
  putMainPhoto,
  removeMemberPhoto,
  savePhoto,
} from './photos.service.js';
export { findGallery, findMorePhotoKeys } from './photos.repository.js';
