/**
 * A voice message: play/pause, progress and length. Nothing is downloaded until play is
 * tapped (preload none: mobile data is costly).
 */
import { useEffect, useRef, useState } from 'react';
import { Pause, Play } from 'lucide-react';
import { clockOf } from './media';

export function AudioBubble({ src, duration }: { src: string; duration: number | null }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const length = duration ?? 0;

  useEffect(() => {
    const el = audio.current;
    return () => el?.pause();
  }, []);

  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) void el.play().catch(() => setPlaying(false));
    else el.pause();
  };

  const progress = length > 0 ? Math.min(100, (position / length) * 100) : 0;
  return (
    <div className="audio-bubble">
      <button
        type="button"
        className="audio-play"
        aria-label={playing ? 'Pause' : 'Écouter'}
        onClick={toggle}
      >
        {playing ? <Pause fill="currentColor" /> : <Play fill="currentColor" />}
      </button>
      <span className="audio-track" aria-hidden>
        <span className="audio-progress" style={{ width: `${progress}%` }} />
      </span>
      <span className="audio-time">{clockOf(playing || position > 0 ? position : length)}</span>
      <audio
        ref={audio}
        src={src}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setPosition(0);
        }}
        onTimeUpdate={(e) => setPosition(e.currentTarget.currentTime)}
      />
    </div>
  );
}
