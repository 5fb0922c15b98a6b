/**
 * The composer's text, kept as the chat's draft (draft.ts): read when the chat opens, saved a
 * moment after typing stops and at once when the chat is left; `clear` empties both at once.
 */
import { useEffect, useRef, useState } from 'react';
import { DRAFT_SAVE_MS } from './constants';
import { loadDraft, saveDraft } from './draft';

export function useDraftText(chatId: number) {
  const [text, setText] = useState(() => loadDraft(chatId));

  useEffect(() => {
    const timer = setTimeout(() => saveDraft(chatId, text), DRAFT_SAVE_MS);
    return () => clearTimeout(timer);
  }, [chatId, text]);
  const latest = useRef(text);
  useEffect(() => {
    latest.current = text;
  });
  useEffect(() => () => saveDraft(chatId, latest.current), [chatId]);

  const clear = () => {
    setText('');
    saveDraft(chatId, '');
  };
  return { text, setText, clear };
}
