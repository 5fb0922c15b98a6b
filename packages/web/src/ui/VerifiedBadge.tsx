/**
 * « Profil vérifié » (issue 28): a check in a disc, with its words for screen readers, or shown
 * beside it (`label`) where there is room. Drawn inline: no icon font, a few bytes.
 */
import { UI_TEXT } from './texts';
import './verifiedBadge.css';

export function VerifiedBadge({ label = false }: { label?: boolean }) {
  return (
    <span
      className="verified-badge"
      role="img"
      aria-label={UI_TEXT.verified}
      title={UI_TEXT.verified}
      data-testid="verified-badge"
    >
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden focusable="false">
        <circle cx="8" cy="8" r="8" fill="currentColor" />
        <path d="M4.5 8.3l2.2 2.2 4.8-4.8" fill="none" stroke="#fff" strokeWidth="1.8" />
      </svg>
      {label && <span className="verified-badge-text">{UI_TEXT.verified}</span>}
    </span>
  );
}
