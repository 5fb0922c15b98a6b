/**
 * The safety module's door: its routes, and the block conditions every list applies (the
 * raw fragment for queries still on the facade, the Kysely one for converted repositories),
 * and the hidden pairs of « Ne plus voir ce profil ».
 */
export { safetyRoutes } from './safety.routes.js';
export { isBlockedEitherWay, notBlocked, notBlockedSql } from './blocks.repository.js';
export { hideProfile, notHidden } from './hidden.repository.js';
