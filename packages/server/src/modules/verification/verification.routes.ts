/**
 * Verification calls (issue 28), from the shared route table: the member's state and poses,
 * the two selfies (a multipart form, taken in the page), and the console's « Vérifications »
 * queue (staff: list, one check with its selfies, approve, refuse).
 */
import type { FastifyInstance } from 'fastify';
import { AUTH_MSG, PHOTO_MAX_BYTES, VERIFICATION_MSG } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { contractRoute } from '../../http/contract-route.js';
import { readAuthenticatedForm } from '../../http/multipart.js';
import { withLog } from '../../deps.js';
import { submitSelfies, verificationStatus } from './verification.service.js';
import * as review from './verification-review.service.js';

const SELFIE_FIELDS = ['selfie_1', 'selfie_2'];

export async function verificationRoutes(app: FastifyInstance) {
  const deps = app.deps;

  contractRoute(app, 'verification.status', async (_input, req) => ({
    success: true,
    data: await verificationStatus(deps, requireUser(req).id),
  }));

  contractRoute(app, 'verification.submit', async (_input, req, reply) => {
    const form = await readAuthenticatedForm(app, req, reply, {
      maxFileBytes: PHOTO_MAX_BYTES,
      tooLargeMessage: AUTH_MSG.photoTooLarge,
      maxFiles: SELFIE_FIELDS.length,
    });
    const selfies = SELFIE_FIELDS.flatMap((field) => {
      const file = form.files.find((f) => f.field === field);
      return file && file.buffer.length > 0 ? [file.buffer] : [];
    });
    const data = await submitSelfies(withLog(deps, req.log), requireUser(req).id, selfies);
    return { success: true, message: VERIFICATION_MSG.submitted, data };
  });

  contractRoute(app, 'admin.verifications.list', async ({ page }) => ({
    success: true,
    ...(await review.listPending(deps, page)),
  }));

  contractRoute(app, 'admin.verifications.get', async ({ id }, req) => ({
    success: true,
    data: await review.readRequest(deps, requireUser(req), id),
  }));

  contractRoute(app, 'admin.verifications.approve', async ({ id }, req) => {
    await review.approveRequest(withLog(deps, req.log), requireUser(req), id);
    return { success: true, message: VERIFICATION_MSG.approved };
  });

  contractRoute(app, 'admin.verifications.refuse', async ({ id, reason }, req) => {
    await review.refuseRequest(withLog(deps, req.log), requireUser(req), id, { reason });
    return { success: true, message: VERIFICATION_MSG.refusedDone };
  });
}
