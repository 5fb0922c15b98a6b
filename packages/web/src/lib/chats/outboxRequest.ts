/**
 * The call that sends one outbox item: JSON for a text ('messages.text'), multipart with the
 * bytes for a photo ('messages.image') or a voice message ('messages.audio'). Every kind
 * carries the item's `client_id`, the same on each attempt.
 */
import type { RequestOf } from '@app/shared';
import type { OutboxItem } from './outbox';

export type OutboxRequest =
  | { kind: 'text'; input: RequestOf<'messages.text'> }
  | { kind: 'upload'; name: 'messages.image' | 'messages.audio'; form: FormData };

/** The request for the item; a photo or voice message needs its bytes (null: they were lost). */
export function outboxRequest(item: OutboxItem, blob: Blob | null): OutboxRequest | null {
  if (item.kind === 'text') {
    return {
      kind: 'text',
      input: {
        chat_id: item.chat_id,
        content: item.content,
        reply_to_id: null,
        client_id: item.client_id,
      },
    };
  }
  if (!blob) return null;
  // A fresh form per attempt: the API client adds the token to the one it is given.
  const form = new FormData();
  form.set('chat_id', String(item.chat_id));
  form.set('client_id', item.client_id);
  if (item.kind === 'image') {
    form.set('caption', item.content);
    form.set('image', blob, item.file_name ?? 'photo.jpg');
    return { kind: 'upload', name: 'messages.image', form };
  }
  form.set('duration', String(Math.max(1, Math.round(item.seconds ?? 1))));
  form.set('audio', blob, item.file_name ?? 'voice.webm');
  return { kind: 'upload', name: 'messages.audio', form };
}
