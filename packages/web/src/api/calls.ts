/**
 * The voice call's server calls (issue 30): place, answer, decline, hang up, the relay's
 * short-lived credentials, and what the relay carried for the metrics. Each answers its data or
 * throws an ApiError with the server's French message (busy, blocked, too many calls…).
 */
import { MSG, type TCall, type TCallWithPeer, type TTurnCredentials } from '@app/shared';
import { ApiError, firstError, type ApiResult } from './client';
import { call } from './call';

function dataOf<T>(res: ApiResult<T>): T {
  if (!res.success || res.data === undefined)
    throw new ApiError(res.httpStatus === 0 ? MSG.network : firstError(res) || MSG.generic, res);
  return res.data;
}

export const startCall = async (chatId: number): Promise<TCallWithPeer> =>
  dataOf(await call('calls.start', { chat_id: chatId }));

export const answerCall = async (id: number): Promise<TCallWithPeer> =>
  dataOf(await call('calls.answer', { id }));

export const declineCall = async (id: number): Promise<TCall> =>
  dataOf(await call('calls.decline', { id }));

export const hangUpCall = async (id: number): Promise<TCall> =>
  dataOf(await call('calls.hangup', { id }));

export const fetchTurnCredentials = async (): Promise<TTurnCredentials> =>
  dataOf(await call('calls.turn', {}));

/** What the relay carried for this member (sent + received bytes, from getStats). */
export async function reportCallBytes(id: number, sent: number, received: number) {
  await call('calls.stats', { id, bytes_sent: sent, bytes_received: received });
}
