/** The delivery mark drawn next to one's own messages (see ticks.ts). */
import { tickLook, type TickState } from '../../lib/chats/ticks';

export function Ticks({ state }: { state: TickState }) {
  const look = tickLook(state);
  if (state === 'failed') {
    return (
      <span className="tick tick-failed" role="img" aria-label={look.label}>
        !
      </span>
    );
  }
  if (look.ticks === 0) {
    return (
      <svg
        className="tick tick-clock"
        viewBox="0 0 16 16"
        width="13"
        height="13"
        role="img"
        aria-label={look.label}
      >
        <circle cx="8" cy="8" r="6.2" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path
          d="M8 4.5V8l2.4 1.6"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
        />
      </svg>
    );
  }
  const stroke = {
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 1.6,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  } as const;
  return (
    <svg
      className={look.blue ? 'tick tick-read' : 'tick'}
      viewBox="0 0 18 12"
      width="18"
      height="12"
      role="img"
      aria-label={look.label}
      data-tick={state}
    >
      {look.ticks === 1 ? (
        <path d="M3.5 6.5L7 10l7-7.5" {...stroke} />
      ) : (
        <>
          <path d="M1 6.5L4.5 10l7-7.5" {...stroke} />
          <path d="M7.8 9.3l.7.7 7-7.5" {...stroke} />
        </>
      )}
    </svg>
  );
}
