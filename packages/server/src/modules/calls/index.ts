/** The calls module's door (issue 30): its routes, its socket handlers, and the block's cut. */
export { callRoutes } from './call.routes.js';
export { registerCallSockets } from './call.realtime.js';
export { cutCallsBetween, settleRungOut, startRingSweep } from './call.service.js';
export { clearRingTimers } from './ring-timers.js';
