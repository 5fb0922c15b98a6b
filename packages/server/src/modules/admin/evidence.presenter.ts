/**
 * A message as moderators judge it: the text it had while the report or the review is open
 * (kept when its sender changed it), what its sender did to it since, and, for an edit, what
 * members see now.
 */
import type { TMessageChange } from '@app/shared';

interface LiveMessage {
  content: string;
  edited_at: Date | string | null;
  deleted_at: Date | string | null;
  /** The kept original (message_originals), null when none. */
  original: string | null;
}

export function evidenceText(
  m: LiveMessage,
  fallback: string | null,
  open: boolean,
): { content: string | null; changed?: TMessageChange; shown?: string } {
  const changed: TMessageChange | undefined = m.deleted_at
    ? 'deleted'
    : m.edited_at
      ? 'edited'
      : undefined;
  if (!changed) return { content: fallback ?? m.content };
  const content = open && m.original !== null ? m.original : m.content;
  return changed === 'edited' ? { content, changed, shown: m.content } : { content, changed };
}
