/**
 * Account calls (issue 9): settings, anonymous mode, the data export, and deletion (with an
 * e-mail code for accounts without a password).
 *
 * The export answers the member's own data as a file (Content-Disposition set by the handler):
 * `success` beside the document's own top level, which names its lists; the lists pass as they
 * are, since everything in them belongs to the member asking.
 */
import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import { ZAccountSettings, ZDeleteAccountRequest, ZAnonymousRequest } from '../account.js';
import { ZSessionOnlyRequest } from '../auth.js';
import { defineRoute } from './define.js';

export const accountRoutes = {
  'account.settings': defineRoute('account.settings', {
    request: ZSessionOnlyRequest,
    response: envelopeOf(ZAccountSettings),
    errors: ['not_found'],
  }),
  'account.anonymous': defineRoute('account.anonymous', {
    request: ZAnonymousRequest,
    response: envelopeOf(ZAccountSettings),
    errors: ['validation', 'not_found'],
  }),
  // Bearer only: a token in an address would end up in logs and browser history.
  'account.export': defineRoute('account.export', {
    response: z.looseObject({
      success: z.boolean(),
      exported_at: z.string(),
      account: z.record(z.string(), z.unknown()),
    }),
    errors: ['not_found', 'rate_limited'],
  }),
  'account.deletionCode': defineRoute('account.deletionCode', {
    request: ZSessionOnlyRequest,
    response: envelopeOf(z.never()),
    errors: ['not_found', 'use_password', 'otp_cooldown', 'mail_failed'],
  }),
  'account.delete': defineRoute('account.delete', {
    request: ZDeleteAccountRequest,
    response: envelopeOf(z.never()),
    errors: [
      'validation',
      'not_found',
      'rate_limited',
      'password_incorrect',
      'code_incorrect',
      'code_expired',
    ],
  }),
};
