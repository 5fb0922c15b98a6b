/**
 * The support module's door: its routes, and what other modules use of tickets (the account's
 * export and deletion, the console's reply e-mail). Everything else in this folder is private.
 */
export { supportRoutes } from './support.routes.js';
export { deleteTicketsOfUser, findTicketsOfUser } from './support.repository.js';
export { presentTicket } from './support.presenter.js';
export { ticketReplyMail } from './support.mails.js';
