/**
 * The realtime connection, loaded only once signed in (keeps socket.io-client out of the
 * first screen's bundle). Reconnect every 5 s, at most 10 attempts (spec 1 §9). It also keeps
 * a connection status for the shell's "reconnecting" pill, lets features listen to an event
 * before the socket exists, and tells them when a connection comes back (to fetch what was
 * missed meanwhile).
 */
import type { Socket as IoSocket } from 'socket.io-client';
import {
  REALTIME_RECONNECT_ATTEMPTS,
  REALTIME_RECONNECT_DELAY_MS,
  REALTIME_TRANSPORTS,
  type ClientToServerEvents,
  type ServerEventPayloads,
  type ServerToClientEvents,
  type TServerEvent,
} from '@app/shared';
import { getToken, onSessionChange } from '../auth/session';

/** idle: no socket; down: gave up (10 failed attempts, or refused) until retryRealtime(). */
export type RealtimeStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'down';
/** A listener of one event, typed from the shared map (`ServerEventPayloads`). */
export type RealtimeHandler<E extends TServerEvent> = (payload: ServerEventPayloads[E]) => void;
/** As kept by event name: the name it was registered under says its payload. */
type Handler = (payload: never) => void;
/** The typed socket: what it receives and sends comes from @app/shared. */
type Socket = IoSocket<ServerToClientEvents, ClientToServerEvents>;

let socket: Socket | null = null;
let socketToken: string | null = null;
let pending: Promise<void> | null = null;
let generation = 0;
let status: RealtimeStatus = 'idle';
const statusListeners = new Set<() => void>();
const reconnectListeners = new Set<() => void>();
const eventHandlers = new Map<string, Set<Handler>>();
/**
 * Events that must not be lost while their listener's code is still downloading: a call rings
 * on a socket that may connect before the call layer has loaded. Kept (in order, a few at
 * most) until a listener of their name comes, which gets them first.
 */
const KEPT_UNTIL_HEARD: ReadonlySet<string> = new Set([
  'call.incoming',
  'call.updated',
  'call.signal',
]);
const KEPT_MAX = 50;
const unheard: { event: string; payload: unknown }[] = [];

function setStatus(next: RealtimeStatus) {
  if (next === status) return;
  status = next;
  statusListeners.forEach((l) => l());
}

function watch(s: Socket) {
  const mine = () => s === socket;
  s.on('connect', () => {
    if (!mine()) return;
    // Every connection, the first included, may follow missed events: the screen fetched its
    // data before the socket joined the member's room, or the link dropped.
    setStatus('connected');
    reconnectListeners.forEach((l) => l());
  });
  s.on('disconnect', (reason) => {
    if (!mine()) return;
    if (reason === 'io client disconnect') setStatus('idle');
    else setStatus(s.active ? 'reconnecting' : 'down');
  });
  s.on('connect_error', () => {
    // A refusal by the server's middleware (bad token) is not retried by socket.io.
    if (mine()) setStatus(s.active ? 'reconnecting' : 'down');
  });
  s.io.on('reconnect_attempt', () => {
    if (mine()) setStatus('reconnecting');
  });
  s.io.on('reconnect_failed', () => {
    if (mine()) setStatus('down');
  });
  s.onAny((event: string, payload: unknown) => {
    // The server sends each event with the payload its map names (it emits through it).
    if (!mine()) return;
    const handlers = eventHandlers.get(event);
    if (handlers && handlers.size > 0)
      handlers.forEach((h) => (h as (p: unknown) => void)(payload));
    else if (KEPT_UNTIL_HEARD.has(event) && unheard.push({ event, payload }) > KEPT_MAX)
      unheard.shift();
  });
}

/**
 * After giving up, try again when the phone is back online or the app is in front again; when
 * the library itself could not be downloaded, download it again.
 */
export function retryRealtime() {
  if (status !== 'down') return;
  if (socket) socket.connect();
  else if (!pending && socketToken) connectRealtime(socketToken);
}
const handleVisible = () => {
  if (document.visibilityState === 'visible') retryRealtime();
};
let globalsBound = false;
function bindGlobals() {
  if (globalsBound) return;
  globalsBound = true;
  window.addEventListener('online', retryRealtime);
  document.addEventListener('visibilitychange', handleVisible);
  onSessionChange(() => {
    if (!getToken()) disconnectRealtime();
  });
}

/**
 * Connects the member's socket unless it is connected or connecting already. When the library
 * cannot be downloaded (a flaky network) the status goes `down` and retryRealtime tries again.
 */
export function connectRealtime(token: string): void {
  if ((socket || pending) && socketToken === token) return;
  disconnectRealtime();
  bindGlobals();
  socketToken = token;
  const gen = generation;
  setStatus('connecting');
  pending = import('socket.io-client').then(
    ({ io }) => {
      // Signed out (or signed in again) while the library was loading: connect nothing.
      if (gen !== generation) return;
      pending = null;
      socket = io({
        path: '/socket.io',
        auth: { token },
        // WebSocket first, so a load balancer without sticky sessions works; polling (which
        // needs them) is tried only when the WebSocket fails, e.g. a network that blocks it.
        transports: [...REALTIME_TRANSPORTS],
        tryAllTransports: true,
        reconnectionDelay: REALTIME_RECONNECT_DELAY_MS,
        reconnectionDelayMax: REALTIME_RECONNECT_DELAY_MS,
        reconnectionAttempts: REALTIME_RECONNECT_ATTEMPTS,
        autoConnect: false,
      });
      watch(socket);
      socket.connect();
    },
    () => {
      if (gen !== generation) return;
      pending = null;
      setStatus('down');
    },
  );
}

export function getSocket(): Socket | null {
  return socket;
}

export function disconnectRealtime() {
  generation++;
  const s = socket;
  socket = null;
  socketToken = null;
  pending = null;
  // A ring kept for the call layer belongs to this session only (a shared phone).
  unheard.length = 0;
  s?.disconnect();
  setStatus('idle');
}

export function getRealtimeStatus(): RealtimeStatus {
  return status;
}

export function subscribeRealtimeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** Runs each time the connection is (re)established, so screens refetch what they may have missed. */
export function onRealtimeReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

/** Listens to a server event on the current and any later socket; its payload is typed. */
export function onRealtimeEvent<E extends TServerEvent>(
  event: E,
  handler: RealtimeHandler<E>,
): () => void {
  const set = eventHandlers.get(event) ?? new Set<Handler>();
  set.add(handler);
  eventHandlers.set(event, set);
  for (let i = 0; i < unheard.length;) {
    const kept = unheard[i];
    if (kept?.event !== event) i += 1;
    else {
      unheard.splice(i, 1);
      (handler as (p: unknown) => void)(kept.payload);
    }
  }
  return () => {
    set.delete(handler);
  };
}
