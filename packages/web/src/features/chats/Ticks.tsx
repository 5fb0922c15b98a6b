/** The delivery mark drawn next to one's own messages (see ticks.ts). */
import { tickLook, type TickState } from './ticks';

const CHECK = 'M1.5 8.5l3.2 3.2L11.5 4.5';
const SECOND = 'M6.8 11.7l6.9-7.2';

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
        width="14"
        height="14"
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
  return (
    <svg
      className={look.blue ? 'tick tick-read' : 'tick'}
      viewBox="0 0 16 16"
      width="16"
      height="14"
      role="img"
      aria-label={look.label}
      data-tick={state}
    >
      <path
        d={CHECK}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {look.ticks === 2 && (
        <path
          d={SECOND}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      )}
    </svg>
  );
}
