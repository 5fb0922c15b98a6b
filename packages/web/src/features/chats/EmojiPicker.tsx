/**
 * A small emoji picker, loaded only when opened: a grid of about 120 common emoji (no library,
 * no download of images: the phone's own emoji font draws them).
 */
import { CHAT_TEXT } from '../../lib/chats/texts';

const EMOJI = (
  '😀 😃 😄 😁 😆 😅 😂 🤣 😊 😇 🙂 🙃 😉 😌 😍 🥰 😘 😗 😙 😚 😋 😛 😝 😜 🤪 🤨 🧐 🤓 😎 🤩 🥳 😏' +
  ' 😒 😞 😔 😟 😕 🙁 😣 😖 😫 😩 🥺 😢 😭 😤 😠 😡 🤯 😳 🥵 🥶 😱 😨 😰 😥 😓 🤗 🤔 🤭 🤫 🤥 😶 😐' +
  ' 😑 😬 🙄 😯 😦 😧 😮 😲 🥱 😴 🤤 😪 😵 🤐 🥴 🤢 🤮 🤧 😷 🤒 🤕 🤑 🤠 😈 👋 🤚 ✋ 👌 🤌 ✌️ 🤞' +
  ' 🤟 🤘 🤙 👍 👎 👊 👏 🙌 🤝 🙏 💪 ❤️ 🧡 💛 💚 💙 💜 🖤 🤍 💔 💕 💞 💓 💗 💖 💘 💝 💋 🌹 🌸 🔥 ✨' +
  ' ⭐ 🎉 🎁 🎂 ☀️ 🌙 ⚽ 🎶 📷 ☕ 🍗 🥭'
)
  .split(' ')
  .filter(Boolean);

export default function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  return (
    <div className="emoji-picker" role="listbox" aria-label={CHAT_TEXT.emoji}>
      {EMOJI.map((e) => (
        <button
          key={e}
          type="button"
          role="option"
          aria-selected="false"
          className="emoji-btn"
          // Keeps the keyboard open and the caret where it was.
          onPointerDown={(ev) => ev.preventDefault()}
          onClick={() => onPick(e)}
        >
          {e}
        </button>
      ))}
    </div>
  );
}
