/**
 * /chat/:id (spec 2 §2): loads the conversation and shows it, or 'Chat introuvable', or the
 * error panel with retry and back. Joins the chat's realtime room from the start, so presence
 * news that arrive before the other member is loaded are kept and applied.
 */
import { useNavigate, useParams } from '../../lib/router';
import { ChatNotFoundError, useChatThread } from '../../api/useChats';
import { useLiveChatList, useLiveThread } from './useLiveChats';
import { useProfile } from '../../api/useProfile';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { ChatScreen } from './ChatScreen';
import { IconChat } from './icons';
import { CHAT_TEXT } from '../../lib/chats/texts';
import { presenceOf, useChatRoom, usePresenceHeartbeat, usePresenceNews } from './useChatRoom';
import './chats.css';

export default function ChatPage() {
  const { id } = useParams();
  const chatId = Number(id);
  const valid = Number.isInteger(chatId) && chatId > 0;
  const profileId = useProfile().data?.id;
  const thread = useChatThread(chatId);
  const meId = thread.data?.chat.participants.find((p) => p.is_current_user)?.user_id ?? profileId;
  useChatRoom(chatId);
  useLiveThread(chatId, meId);
  useLiveChatList(meId);
  usePresenceHeartbeat();
  const presence = usePresenceNews();

  if (!valid || thread.error instanceof ChatNotFoundError) return <ChatNotFound />;
  const other = thread.data?.chat.participants.find((p) => !p.is_current_user);
  if (thread.data && other && meId !== undefined) {
    const online = presenceOf(other.is_online, thread.dataUpdatedAt, presence.get(other.user_id));
    return (
      <ChatScreen
        key={chatId}
        chatId={chatId}
        thread={thread.data}
        meId={meId}
        other={other}
        online={online}
      />
    );
  }
  if (thread.isError) {
    return (
      <div className="chat-screen chat-screen-center">
        <ErrorPanel message={thread.error.message} onRetry={() => void thread.refetch()} />
      </div>
    );
  }
  return <ChatSkeleton />;
}

function ChatNotFound() {
  const navigate = useNavigate();
  return (
    <div className="chat-screen chat-screen-center" role="alert">
      <div className="chats-empty">
        <div className="chats-empty-icon" aria-hidden>
          <IconChat size={34} />
        </div>
        <h2>{CHAT_TEXT.notFound}</h2>
        <p className="muted">{CHAT_TEXT.notFoundDetail}</p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => navigate('/chats', { replace: true })}
        >
          {CHAT_TEXT.backToChats}
        </button>
      </div>
    </div>
  );
}

function ChatSkeleton() {
  return (
    <div className="chat-screen" aria-busy="true">
      <header className="chat-head">
        <span className="chat-sk chat-sk-icon" />
        <span className="chat-sk chat-sk-avatar-sm" />
        <span className="chat-sk-lines">
          <span className="chat-sk chat-sk-line" />
          <span className="chat-sk chat-sk-line short" />
        </span>
      </header>
      <div className="msg-scroller">
        {[60, 45, 70, 35, 55].map((w, i) => (
          <div key={i} className={i % 2 ? 'msg-row mine' : 'msg-row'}>
            <span className="chat-sk chat-sk-bubble" style={{ width: `${w}%` }} />
          </div>
        ))}
      </div>
      <div className="composer">
        <span className="chat-sk chat-sk-input" />
      </div>
    </div>
  );
}
