/** The verification module's door (issue 28): its routes (the member's and the console's). */
export { verificationRoutes } from './verification.routes.js';
