/**
 * The call's socket side: the signals between the two devices of a call under way (relayed to
 * the other device's session only, relay candidates only, so no device address ever crosses),
 * the ring shown again on a device of the callee that connects while a call rings, and the
 * calls of a device that left for good (no socket of its session anywhere after a grace time,
 * enough for a phone to change network and reconnect).
 */
import type { Socket } from 'socket.io';
import type { TCallSignal, TSocketAck } from '@app/shared';
import type { Deps } from '../../deps.js';
import { sessionRoom } from '../../realtime/session-guard.js';
import * as repo from './call.repository.js';
import { presentCall, presentPeer } from './call.presenter.js';
import { dropSessionCalls } from './call.service.js';
import { isSessionConnected } from './call.events.js';

/** How long a device may be away (changing network) before its calls end. */
const CALL_DROP_GRACE_MS = 20_000;
const SDP_MAX = 20_000;
const CANDIDATE_MAX = 1_000;

type Ack = (answer: TSocketAck) => void;

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object';

/** Keeps only relay candidates: a host or reflexive one would carry a device's own address. */
const isRelayCandidate = (line: string) => / typ relay( |$)/.test(line);

function relayOnlySdp(sdp: string) {
  return sdp
    .split(/\r?\n/)
    .filter((line) => !line.startsWith('a=candidate:') || isRelayCandidate(line))
    .join('\r\n');
}

/** The signal checked and cleaned, or null when malformed. */
function cleanSignal(payload: unknown): TCallSignal | null {
  if (!isRecord(payload)) return null;
  const callId = Number(payload.call_id);
  if (!Number.isSafeInteger(callId) || callId <= 0) return null;
  const { description, candidate } = payload;
  if (isRecord(description)) {
    const { type, sdp } = description;
    if ((type !== 'offer' && type !== 'answer') || typeof sdp !== 'string') return null;
    if (sdp.length > SDP_MAX) return null;
    return { call_id: callId, description: { type, sdp: relayOnlySdp(sdp) } };
  }
  if (candidate === null) return { call_id: callId, candidate: null };
  if (isRecord(candidate) && typeof candidate.candidate === 'string') {
    const line = candidate.candidate;
    if (line.length > CANDIDATE_MAX || (line !== '' && !isRelayCandidate(line))) return null;
    const mid = candidate.sdpMid;
    const index = candidate.sdpMLineIndex;
    return {
      call_id: callId,
      candidate: {
        candidate: line,
        sdpMid: typeof mid === 'string' && mid.length <= 64 ? mid : null,
        sdpMLineIndex: Number.isInteger(index) ? Number(index) : null,
      },
    };
  }
  return null;
}

async function relaySignal(deps: Deps, sessionId: number, payload: unknown, ack?: Ack) {
  const signal = cleanSignal(payload);
  if (!signal) return ack?.({ ok: false, message: 'Signal invalide' });
  const row = await repo.findCallById(deps.db, signal.call_id);
  const mine = row && (row.caller_session_id === sessionId || row.callee_session_id === sessionId);
  if (!row || !mine || row.status !== 'accepted' || row.callee_session_id === null)
    return ack?.({ ok: false, message: 'Appel introuvable' });
  const target =
    row.caller_session_id === sessionId ? row.callee_session_id : row.caller_session_id;
  deps.realtime.emitToRoom(sessionRoom(target), 'call.signal', signal);
  ack?.({ ok: true });
}

/** A device of the callee connecting while calls ring for them: it rings too. */
async function ringAgain(deps: Deps, socket: Socket, userId: number) {
  for (const row of await repo.findRingingFor(deps.db, userId, deps.clock.now())) {
    const caller = await repo.findPeer(deps.db, row.caller_id);
    socket.emit('call.incoming', {
      call: presentCall(row),
      peer: presentPeer(deps, caller, row.caller_id),
    });
  }
}

export function registerCallSockets(deps: Deps) {
  deps.realtime.onConnection((socket: Socket, userId: number) => {
    const sessionId = Number((socket.data as { sessionId: number }).sessionId);
    const safely = (fn: () => Promise<unknown>) =>
      fn().catch((err: unknown) => deps.log.debug({ err }, 'call socket handler'));

    safely(() => ringAgain(deps, socket, userId));

    socket.on('call:signal', (payload: unknown, ack?: Ack) =>
      safely(() =>
        relaySignal(deps, sessionId, payload, typeof ack === 'function' ? ack : undefined),
      ),
    );

    socket.on('disconnect', () => {
      setTimeout(() => {
        safely(async () => {
          if (await isSessionConnected(deps, sessionId)) return;
          await dropSessionCalls(deps, userId, sessionId);
        });
      }, CALL_DROP_GRACE_MS).unref();
    });
  });
}
