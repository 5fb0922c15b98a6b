/**
 * Up to 3 passion chips, each with its icon and French label (spec 1 "Swipes"); the card's
 * passions are catalogue keys, and a value outside the catalogue shows as it is.
 */
import { passionLabel } from '@app/shared';
import { passionIcon } from '../../ui/passionIcons';
import { visiblePassions } from './deck';

export function PassionChips({ passions }: { passions: readonly string[] }) {
  const shown = visiblePassions(passions);
  if (!shown.length) return null;
  return (
    <ul className="swipe-chips" aria-label="Passions">
      {shown.map((p) => {
        const Icon = passionIcon(p);
        return (
          <li key={p} className="swipe-chip">
            <Icon aria-hidden /> {passionLabel(p)}
          </li>
        );
      })}
    </ul>
  );
}
