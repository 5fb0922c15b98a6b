/** Type guards for realtime payloads: a socket is outside input, checked before use. */
import type { TChatMessage } from '@app/shared';
import type { TReadEvent, TStatusEvent, TTypingEvent } from './types';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object';
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** A numeric field of a payload, or null. */
export function numberField(payload: unknown, field: string): number | null {
  if (!isObject(payload)) return null;
  const v = payload[field];
  return isInt(v) ? v : null;
}

export function isChatMessage(v: unknown): v is TChatMessage {
  return (
    isObject(v) &&
    isInt(v.id) &&
    isInt(v.chat_id) &&
    isInt(v.sender_id) &&
    (v.type === 'text' || v.type === 'image' || v.type === 'audio') &&
    typeof v.content === 'string' &&
    typeof v.created_at === 'string' &&
    (v.status === 'sent' || v.status === 'delivered' || v.status === 'read')
  );
}

export function isReadEvent(v: unknown): v is TReadEvent {
  return (
    isObject(v) &&
    isInt(v.chat_id) &&
    isInt(v.message_id) &&
    isInt(v.user_id) &&
    Array.isArray(v.message_ids) &&
    v.message_ids.every(isInt)
  );
}

export function isStatusEvent(v: unknown): v is TStatusEvent {
  return isObject(v) && isInt(v.user_id) && typeof v.is_online === 'boolean';
}

export function isTypingEvent(v: unknown): v is TTypingEvent {
  return isObject(v) && isInt(v.chat_id) && isInt(v.user_id);
}
