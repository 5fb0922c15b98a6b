/**
 * The safety module's door: its routes, and the block conditions every list applies (the
 * raw fragment for queries still on the facade, the Kysely one for converted repositories).
 */
export { safetyRoutes } from './safety.routes.js';
export { isBlockedEitherWay, notBlocked, notBlockedSql } from './blocks.repository.js';
