/**
 * The composer's unsent text, kept per chat in localStorage so nothing typed is lost. It is the
 * session's own: stored under the digest of the session that typed it (auth/memberData), read
 * under that session only, and removed with the other member data when the session ends.
 */
import { sessionOwner } from '../../auth/session';

const PREFIX = 'chat-draft:';
const key = (owner: string, chatId: number) => `${PREFIX}${owner}:${chatId}`;

export function loadDraft(chatId: number): string {
  const owner = sessionOwner();
  if (owner === null) return '';
  try {
    return localStorage.getItem(key(owner, chatId)) ?? '';
  } catch {
    return '';
  }
}

export function saveDraft(chatId: number, text: string) {
  // No session (it just ended): nothing typed is kept for whoever signs in next.
  const owner = sessionOwner();
  if (owner === null) return;
  try {
    if (text) localStorage.setItem(key(owner, chatId), text);
    else localStorage.removeItem(key(owner, chatId));
  } catch {
    // Storage full or refused: the text stays in the box for this visit.
  }
}
