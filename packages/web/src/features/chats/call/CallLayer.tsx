/**
 * Calls on every signed-in screen: listens for a ring and for the changes and signals of the
 * call on this device, and shows the call screen over whatever is open. This part is tiny; the
 * engine (WebRTC) and the screen are downloaded when a call starts or rings.
 */
import { useEffect } from 'react';
import { onRealtimeEvent } from '../../../realtime/socket';
import { lazyPart } from '../../../ui/lazyPart';
import { getCallState, setCallState, useCallState } from './callStore';

const CallScreen = lazyPart(() => import('./CallScreen'), { quiet: true });

const engine = () => import('./engine');
let queue: Promise<unknown> = Promise.resolve();
/** In arrival order: a candidate must not overtake the description it belongs to. */
function toEngine(work: (e: Awaited<ReturnType<typeof engine>>) => unknown) {
  queue = queue
    .then(engine)
    .then(work)
    .catch(() => undefined);
}

/** « Appeler » in a chat. */
export function placeCall(
  chatId: number,
  peer: { id: number; name: string; photo: string | null },
) {
  toEngine((e) => e.placeCall(chatId, peer));
}

export function CallLayer() {
  const state = useCallState();
  useEffect(() => {
    const offs = [
      onRealtimeEvent('call.incoming', (incoming) => toEngine((e) => e.ring(incoming))),
      onRealtimeEvent('call.updated', (update) => {
        // A ring that ends before the engine has loaded: nothing else to undo.
        const current = getCallState();
        if (current?.phase === 'incoming' && current.call?.id === update.call.id) {
          if (update.call.status !== 'ringing' && update.call.status !== 'accepted')
            return setCallState(null);
        }
        toEngine((e) => e.onCallUpdate(update));
      }),
      onRealtimeEvent('call.signal', (signal) => toEngine((e) => e.onCallSignal(signal))),
    ];
    return () => offs.forEach((off) => off());
  }, []);
  return state ? <CallScreen /> : null;
}
