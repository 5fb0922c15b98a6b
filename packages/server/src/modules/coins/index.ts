/**
 * The coins module's door: what other modules may use. The ledger (every coin movement goes
 * through applyMovement inside the caller's transaction), the ledger audit, and the routes.
 */
export { applyMovement, hasMovement } from './ledger.js';
export { findLedgerMismatches } from './ledger-audit.repository.js';
export { findBalance } from './ledger.repository.js';
export { socialRoutes } from './social.routes.js';
