/** The account module's door: its routes and who others may see (the visibility condition). */
export { accountRoutes } from './account.routes.js';
export { visibleMemberSql } from './visibility.js';
