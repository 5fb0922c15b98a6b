/**
 * What a browser spec imports: the server's address, a fresh phone-sized page, raw HTTP for
 * checks a page cannot make, and the outbox. Add helpers here as features need them.
 */
import { inject } from 'vitest';

export { newPage, type PageOptions } from './browser.js';
export { readMails, waitForMail } from './mail.js';

/** Origin of the server under test (no trailing slash). */
export const baseUrl = inject('baseUrl');

/** A plain HTTP call to the server under test (`path` starts with /). */
export function request(path: string, init?: RequestInit): Promise<Response> {
  return fetch(`${baseUrl}${path}`, init);
}
