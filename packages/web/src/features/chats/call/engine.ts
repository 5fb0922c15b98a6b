/**
 * The voice call itself (issue 30), downloaded only when a call starts or rings: the
 * microphone, one RTCPeerConnection that may only use the TURN relay (`iceTransportPolicy:
 * 'relay'`: neither member's address reaches the other), Opus tuned for mobile data (mono,
 * in-band FEC, a modest bitrate, 60 ms packets: tuneOpusSdp), the signals over the realtime
 * socket, an ICE restart with fresh credentials when the network changes or the link fails
 * mid-call, and at the end what the relay carried, reported for the metrics.
 */
import {
  CALL_OPUS_MAX_BITRATE,
  tuneOpusSdp,
  type TCallSignal,
  type TCallUpdate,
  type TCallWithPeer,
  type TTurnCredentials,
} from '@app/shared';
import {
  answerCall,
  declineCall,
  fetchTurnCredentials,
  hangUpCall,
  reportCallBytes,
  startCall,
} from '../../../api/calls';
import { getSocket } from '../../../realtime/socket';
import { toast } from '../../../ui/toast';
import { getCallState, setCallState, updateCallState, type CallState } from './callStore';
import { CALL_TEXT } from './texts';

/** How long the link may stay down before the caller restarts ICE. */
const RESTART_AFTER_MS = 2_000;
/** How long the end of a call stays on screen. */
const END_SHOWN_MS = 1_500;

let pc: RTCPeerConnection | null = null;
let mic: MediaStream | null = null;
let audio: HTMLAudioElement | null = null;
let role: 'caller' | 'callee' = 'caller';
let answeredHere = false;
let waiting: TCallSignal[] = [];
let restartTimer: ReturnType<typeof setTimeout> | undefined;
let restarting = false;

const callId = () => getCallState()?.call?.id ?? null;

async function openMicrophone() {
  mic = await navigator.mediaDevices.getUserMedia({
    audio: {
      channelCount: 1,
      echoCancellation: true,
      noiseSuppression: true,
      autoGainControl: true,
    },
    video: false,
  });
}

function sendSignal(signal: Omit<TCallSignal, 'call_id'>) {
  const id = callId();
  if (id !== null) getSocket()?.emit('call:signal', { call_id: id, ...signal });
}

function iceConfig(turn: TTurnCredentials): RTCConfiguration {
  return {
    iceServers: [{ urls: turn.urls, username: turn.username, credential: turn.credential }],
    iceTransportPolicy: 'relay',
    bundlePolicy: 'max-bundle',
    rtcpMuxPolicy: 'require',
  };
}

async function describe(kind: 'offer' | 'answer', iceRestart = false) {
  if (!pc) return;
  const made = kind === 'offer' ? await pc.createOffer({ iceRestart }) : await pc.createAnswer();
  const sdp = tuneOpusSdp(made.sdp ?? '');
  await pc.setLocalDescription({ type: kind, sdp });
  sendSignal({ description: { type: kind, sdp } });
}

function watchLink(peer: RTCPeerConnection) {
  peer.onconnectionstatechange = () => {
    if (peer !== pc) return;
    const s = peer.connectionState;
    if (s === 'connected') {
      clearTimeout(restartTimer);
      restarting = false;
      const since = getCallState()?.since ?? Date.now();
      updateCallState({ phase: 'active', since });
    } else if (s === 'disconnected' || s === 'failed') {
      if (getCallState()?.since) updateCallState({ phase: 'reconnecting' });
      clearTimeout(restartTimer);
      restartTimer = setTimeout(() => void restartIce(), s === 'failed' ? 0 : RESTART_AFTER_MS);
    }
  };
}

async function connect(turn: TTurnCredentials) {
  const peer = new RTCPeerConnection(iceConfig(turn));
  pc = peer;
  for (const track of mic?.getAudioTracks() ?? []) {
    const sender = peer.addTrack(track, mic as MediaStream);
    const params = sender.getParameters();
    if (params.encodings?.[0]) {
      params.encodings[0].maxBitrate = CALL_OPUS_MAX_BITRATE;
      void sender.setParameters(params).catch(() => undefined);
    }
  }
  peer.onicecandidate = (e) => {
    if (e.candidate) sendSignal({ candidate: e.candidate.toJSON() as TCallSignal['candidate'] });
  };
  peer.ontrack = (e) => {
    audio ??= new Audio();
    audio.autoplay = true;
    audio.srcObject = e.streams[0] ?? new MediaStream([e.track]);
    void audio.play().catch(() => undefined);
  };
  watchLink(peer);
  const early = waiting;
  waiting = [];
  for (const s of early) await applySignal(s);
}

/**
 * A new path for the call: the caller asks the relay for fresh credentials and offers again
 * with an ICE restart; the callee answers as usual (a phone that changed network gets a new
 * allocation this way). Only the caller restarts, so two offers never cross.
 */
async function restartIce(force = false) {
  if (!pc || role !== 'caller') return;
  if (!force && (restarting || pc.connectionState === 'connected')) return;
  restarting = true;
  try {
    pc.setConfiguration(iceConfig(await fetchTurnCredentials()));
    await describe('offer', true);
  } catch {
    restarting = false;
  }
}

/** The phone changed network: its old path through the relay is gone, find a new one now. */
const handleNetworkChange = () => void restartIce(true);

function bindNetworkWatch() {
  window.addEventListener('online', handleNetworkChange);
  const conn = (navigator as Navigator & { connection?: EventTarget }).connection;
  conn?.addEventListener('change', handleNetworkChange);
}

function unbindNetworkWatch() {
  window.removeEventListener('online', handleNetworkChange);
  const conn = (navigator as Navigator & { connection?: EventTarget }).connection;
  conn?.removeEventListener('change', handleNetworkChange);
}

async function applySignal(s: TCallSignal) {
  if (!pc) {
    waiting.push(s);
    return;
  }
  if (s.description) {
    await pc.setRemoteDescription({
      type: s.description.type,
      sdp: tuneOpusSdp(s.description.sdp),
    });
    if (s.description.type === 'offer') await describe('answer');
  } else if (s.candidate?.candidate) {
    await pc.addIceCandidate(s.candidate).catch(() => undefined);
  }
}

/** Bytes the relay carried for this member: the selected candidate pair's, both ways. */
export async function relayedBytes(peer: RTCPeerConnection) {
  const report = await peer.getStats();
  let pairId: string | undefined;
  report.forEach((s: { type: string; selectedCandidatePairId?: string }) => {
    if (s.type === 'transport' && s.selectedCandidatePairId) pairId = s.selectedCandidatePairId;
  });
  const pair = pairId
    ? (report.get(pairId) as { bytesSent?: number; bytesReceived?: number })
    : undefined;
  return { sent: pair?.bytesSent ?? 0, received: pair?.bytesReceived ?? 0 };
}

function stopMedia() {
  clearTimeout(restartTimer);
  unbindNetworkWatch();
  pc?.close();
  pc = null;
  mic?.getTracks().forEach((t) => t.stop());
  mic = null;
  if (audio) audio.srcObject = null;
  waiting = [];
  restarting = false;
}

/** Shows how the call ended for a moment, reports what the relay carried, then closes. */
async function finish(text: string | null) {
  const state = getCallState();
  const peer = pc;
  const id = state?.call?.id;
  if (peer && id !== undefined && state?.since) {
    const bytes = await relayedBytes(peer).catch(() => null);
    if (bytes) void reportCallBytes(id, bytes.sent, bytes.received).catch(() => undefined);
  }
  stopMedia();
  if (!state) return;
  if (!text) return setCallState(null);
  updateCallState({ phase: 'ended', endText: text });
  setTimeout(() => {
    if (getCallState()?.phase === 'ended') setCallState(null);
  }, END_SHOWN_MS);
}

function fail(err: unknown, fallback: string) {
  const text = err instanceof Error && err.message ? err.message : fallback;
  toast.error(err instanceof DOMException ? CALL_TEXT.noMicrophone : text);
  stopMedia();
  setCallState(null);
}

/** « Appeler » in a chat: the microphone first, then the call rings on the other's devices. */
export async function placeCall(chatId: number, peer: CallState['peer']) {
  if (getCallState()) return;
  role = 'caller';
  answeredHere = false;
  const base = { chatId, call: null, peer, since: null, muted: false, endText: null };
  setCallState({ ...base, phase: 'placing' });
  try {
    await openMicrophone();
    const placed = await startCall(chatId);
    setCallState({ ...base, phase: 'outgoing', call: placed.call, peer: placed.peer });
    bindNetworkWatch();
  } catch (err) {
    fail(err, CALL_TEXT.failed);
  }
}

/** The ring of a call on this device. */
export function ring(incoming: TCallWithPeer) {
  if (getCallState()) return;
  role = 'callee';
  answeredHere = false;
  setCallState({
    phase: 'incoming',
    call: incoming.call,
    peer: incoming.peer,
    chatId: incoming.call.chat_id,
    since: null,
    muted: false,
    endText: null,
  });
}

export async function answer() {
  const state = getCallState();
  if (!state?.call || state.phase !== 'incoming') return;
  answeredHere = true;
  updateCallState({ phase: 'connecting' });
  try {
    await openMicrophone();
    const turn = await fetchTurnCredentials();
    await answerCall(state.call.id);
    bindNetworkWatch();
    await connect(turn);
  } catch (err) {
    fail(err, CALL_TEXT.failed);
    void hangUpCall(state.call.id).catch(() => undefined);
  }
}

export async function decline() {
  const id = callId();
  setCallState(null);
  if (id !== null) await declineCall(id).catch(() => undefined);
}

export async function hangUp() {
  const id = callId();
  if (id === null) return finish(null);
  await hangUpCall(id).catch(() => undefined);
  await finish(CALL_TEXT.ended);
}

export function toggleMute() {
  const state = getCallState();
  if (!state) return;
  const muted = !state.muted;
  mic?.getAudioTracks().forEach((t) => (t.enabled = !muted));
  updateCallState({ muted });
}

const END_TEXT: Partial<Record<string, string>> = {
  declined: CALL_TEXT.declined,
  missed: CALL_TEXT.missed,
  busy: CALL_TEXT.missed,
  ended: CALL_TEXT.ended,
  cut: CALL_TEXT.cut,
};

/** A change of the call's status, from either member or the server. */
export async function onCallUpdate(update: TCallUpdate) {
  const state = getCallState();
  if (!state?.call || state.call.id !== update.call.id) return;
  const { status } = update.call;
  if (status === 'accepted') {
    // Answered on another device of this member: this one stops ringing.
    if (role === 'callee') return answeredHere ? undefined : setCallState(null);
    updateCallState({ phase: 'connecting', call: update.call });
    try {
      await connect(await fetchTurnCredentials());
      await describe('offer');
    } catch (err) {
      fail(err, CALL_TEXT.failed);
    }
    return;
  }
  if (status === 'ringing') return;
  if (state.phase === 'incoming') return setCallState(null);
  await finish(END_TEXT[status] ?? CALL_TEXT.ended);
}

export async function onCallSignal(signal: TCallSignal) {
  if (signal.call_id !== callId()) return;
  await applySignal(signal).catch(() => undefined);
}
