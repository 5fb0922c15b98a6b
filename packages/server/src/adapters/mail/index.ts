/** Mail adapter: the mailer (SMTP or dev outbox) and the French templates. */
export { createMailer, OUTBOX_SIZE } from './mailer.js';
export type { AppMailer, OutboxMessage } from './mailer.js';
export { codeMail, otpMail, passwordResetMail, quoteMail } from './templates.js';
export type { MailContent } from './templates.js';
export { escapeHtml } from './html.js';
