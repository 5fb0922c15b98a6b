/** Up to 3 passion chips, each with its icon (spec 1 "Swipes"). */
import { passionIcon, visiblePassions } from './deck';

export function PassionChips({ passions }: { passions: readonly string[] }) {
  const shown = visiblePassions(passions);
  if (!shown.length) return null;
  return (
    <ul className="swipe-chips" aria-label="Passions">
      {shown.map((p) => {
        const Icon = passionIcon(p);
        return (
          <li key={p} className="swipe-chip">
            <Icon /> {p}
          </li>
        );
      })}
    </ul>
  );
}
