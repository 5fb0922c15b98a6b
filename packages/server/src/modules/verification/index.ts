/**
 * The verification module's door (issue 28): its routes (the member's and the console's), and
 * how a selfie is stored (the demo seed puts one check in the queue).
 */
export { verificationRoutes } from './verification.routes.js';
export { storeSelfie } from './selfies.js';
