/**
 * Delivery receipts (sent → delivered, spec 2 §4) from wherever the member is in the app: a
 * message that reaches this device over the shell's realtime connection is acknowledged at
 * once, on /home as on the chat screens. Mounted once, by the signed-in layouts.
 */
import { useEffect } from 'react';
import { REALTIME_EVENTS, type TChatMessage } from '@app/shared';
import { getSocket, onRealtimeEvent } from './socket';

/** What the device tells the server for an incoming message; null for one's own. */
function deliveryAckFor(payload: TChatMessage, meId: number | undefined) {
  if (payload.sender_id === meId) return null;
  return { chat_id: payload.chat_id, message_id: payload.id };
}

export function useDeliveryAcks(meId: number | undefined) {
  useEffect(
    () =>
      onRealtimeEvent(REALTIME_EVENTS.messageSent, (payload) => {
        // Before the profile is known the server still tells: it never marks one's own messages.
        const ack = deliveryAckFor(payload, meId);
        if (ack) getSocket()?.emit('message.delivered', ack);
      }),
    [meId],
  );
}
