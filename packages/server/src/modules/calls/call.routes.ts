/** Voice calls (issue 30), registered from the shared route table. */
import type { FastifyInstance } from 'fastify';
import { CALL_MSG } from '@app/shared';
import { requireUser } from '../../auth/require-user.js';
import { AppError } from '../../errors.js';
import { withLog } from '../../deps.js';
import { contractRoute } from '../../http/contract-route.js';
import {
  answerCall,
  declineCall,
  hangUp,
  readCall,
  recordRelayedBytes,
  startCall,
} from './call.service.js';
import { turnCredentials } from './turn.js';

export async function callRoutes(app: FastifyInstance) {
  const depsOf = (req: Parameters<typeof requireUser>[0]) => withLog(app.deps, req.log);

  contractRoute(app, 'calls.start', async ({ chat_id }, req) => ({
    success: true,
    message: CALL_MSG.started,
    data: await startCall(depsOf(req), requireUser(req), chat_id),
  }));

  contractRoute(app, 'calls.get', async ({ id }, req) => ({
    success: true,
    data: await readCall(depsOf(req), requireUser(req), id),
  }));

  contractRoute(app, 'calls.answer', async ({ id }, req) => ({
    success: true,
    data: await answerCall(depsOf(req), requireUser(req), id),
  }));

  contractRoute(app, 'calls.decline', async ({ id }, req) => ({
    success: true,
    message: CALL_MSG.done,
    data: await declineCall(depsOf(req), requireUser(req), id),
  }));

  contractRoute(app, 'calls.hangup', async ({ id }, req) => ({
    success: true,
    message: CALL_MSG.done,
    data: await hangUp(depsOf(req), requireUser(req), id),
  }));

  contractRoute(app, 'calls.stats', async ({ id, bytes_sent, bytes_received }, req) => {
    await recordRelayedBytes(depsOf(req), requireUser(req), id, bytes_sent + bytes_received);
    return { success: true, data: null };
  });

  contractRoute(app, 'calls.turn', async (_input, req) => {
    const { turn } = app.deps.config;
    if (!turn) throw new AppError('unavailable', CALL_MSG.unavailable, { status: 503 });
    return {
      success: true,
      data: turnCredentials(turn, requireUser(req).id, app.deps.clock.now()),
    };
  });
}
