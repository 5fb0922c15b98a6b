/**
 * What a call sends over the realtime (to every copy through the Redis adapter): the ring to
 * the callee's devices, each change of status to both members' devices, and the test of
 * whether a device (a session) is still connected anywhere.
 */
import { userRoom, type TCallWithPeer } from '@app/shared';
import type { Deps } from '../../deps.js';
import { sessionRoom } from '../../realtime/session-guard.js';
import type { CallRow } from './call.repository.js';
import { presentCall } from './call.presenter.js';

export function emitIncoming(deps: Deps, calleeId: number, call: TCallWithPeer) {
  deps.realtime.emitToUser(calleeId, 'call.incoming', call);
}

export function emitCallUpdate(deps: Deps, row: CallRow, by: number | null) {
  deps.realtime
    .to([userRoom(row.caller_id), userRoom(row.callee_id)])
    .emit('call.updated', { call: presentCall(row), by });
}

export async function isSessionConnected(deps: Deps, sessionId: number) {
  return (await deps.realtime.fetchSockets(sessionRoom(sessionId))).length > 0;
}
