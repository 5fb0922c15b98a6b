/**
 * « Profil vérifié » (issue 28): a check in a disc, with its words for screen readers, or shown
 * beside it (`label`) where there is room. The disc is drawn by the stylesheet, so the badge
 * costs the first-load JavaScript of the screens that list members almost nothing.
 */
import './verifiedBadge.css';

/** Here rather than in UI_TEXT: the map's list would otherwise load every UI text with it. */
const VERIFIED = 'Profil vérifié';

export function VerifiedBadge({ label = false }: { label?: boolean }) {
  return (
    <span
      className="verified-badge"
      role="img"
      aria-label={VERIFIED}
      title={VERIFIED}
      data-testid="verified-badge"
    >
      {label && VERIFIED}
    </span>
  );
}
