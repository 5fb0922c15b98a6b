/** The composer's unsent text, kept per chat in localStorage so nothing typed is lost. */
const key = (chatId: number) => `chat-draft:${chatId}`;

export function loadDraft(chatId: number): string {
  try {
    return localStorage.getItem(key(chatId)) ?? '';
  } catch {
    return '';
  }
}

export function saveDraft(chatId: number, text: string) {
  try {
    if (text) localStorage.setItem(key(chatId), text);
    else localStorage.removeItem(key(chatId));
  } catch {
    // Storage full or refused: the text stays in the box for this visit.
  }
}
