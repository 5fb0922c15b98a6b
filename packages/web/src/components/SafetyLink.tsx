/**
 * A link to « Sécurité » (/safety, issue 29), for the places that point a member to it: the
 * report sheet, the first message of a new chat, the privacy screen. One look, one text.
 */
import { Link } from '../lib/router';

const SAFETY_LINK_TEXT = 'Conseils de sécurité';

export function SafetyLink({ className, label }: { className?: string; label?: string }) {
  return (
    <Link to="/safety" className={className ? `safety-link ${className}` : 'safety-link'}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden>
        <path
          fill="currentColor"
          d="M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5l-8-3zm-1 14-4-4 1.4-1.4L11 13.2l4.6-4.6L17 10l-6 6z"
        />
      </svg>
      <span>{label ?? SAFETY_LINK_TEXT}</span>
    </Link>
  );
}
