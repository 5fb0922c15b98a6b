/**
 * The line above the messages while the phone is offline and messages wait in the outbox: they
 * will leave once the connection is back. Refused messages (failed) do not count: they wait for
 * the member, not for the network.
 */
import { useOnline } from '../../lib/useOnline';
import type { OutboxItem } from '../../lib/chats/outbox';
import { CHAT_TEXT } from '../../lib/chats/texts';

export function OutboxHint({ items }: { items: OutboxItem[] }) {
  const isOnline = useOnline();
  const waiting = items.some((i) => i.state !== 'failed');
  if (!waiting || isOnline) return null;
  return <p className="chat-outbox-hint">{CHAT_TEXT.outboxHint}</p>;
}
