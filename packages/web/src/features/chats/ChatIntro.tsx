/**
 * What an empty contact chat says to the member who opened it, before the first message: that
 * message is free; after it the chat locks until the other member answers (then the lock lifts
 * for free) or the member pays CHAT_UNLOCK_COST pièces to write again. So the lock after the
 * first message is expected, not a surprise. And where to read how to meet safely.
 */
import { CHAT_UNLOCK_COST } from '@app/shared';
import { Link } from '../../lib/router';
import { CHAT_TEXT } from '../../lib/chats/texts';

export function ChatIntro({ name }: { name: string }) {
  return (
    <section className="chat-intro" aria-labelledby="chat-intro-title" data-testid="chat-intro">
      <h2 id="chat-intro-title">{CHAT_TEXT.introTitle}</h2>
      <p>{CHAT_TEXT.introLock(name, CHAT_UNLOCK_COST)}</p>
      <p>{CHAT_TEXT.introFree(name)}</p>
      <Link to="/safety" className="chat-intro-safety">
        {CHAT_TEXT.safetyAdvice}
      </Link>
    </section>
  );
}
