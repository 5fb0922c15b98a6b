/**
 * /blocked (spec 2 §2): says the account is blocked, offers a mail to the support and the way
 * back to /login. No guard: the session has already been cleared when a member lands here.
 */
import { Link, useNavigate } from '../../lib/router';
import { SUPPORT_EMAIL } from '@app/shared';
import { BLOCKED_MAILTO, BLOCKED_TEXTS as T } from './blockedTexts';
import './blocked.css';

export default function BlockedPage() {
  const navigate = useNavigate();
  const handleBackToLogin = () => navigate('/login', { replace: true });

  return (
    <main className="blocked">
      <div className="blocked-icon" aria-hidden>
        <svg viewBox="0 0 24 24" width="36" height="36">
          <rect x="5" y="10.5" width="14" height="10" rx="2.5" fill="currentColor" />
          <path
            d="M8 10.5V8a4 4 0 0 1 8 0v2.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
          />
        </svg>
      </div>
      <h1>{T.title}</h1>
      <p className="blocked-lead">{T.lead}</p>
      <p className="muted">{T.detail}</p>

      <div className="blocked-actions">
        <a className="btn btn-primary" href={BLOCKED_MAILTO}>
          {T.contact}
        </a>
        <button className="btn btn-ghost" onClick={handleBackToLogin}>
          {T.backToLogin}
        </button>
      </div>
      <p className="blocked-address muted">
        {T.supportAddress} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
      </p>

      <section className="blocked-advice" aria-labelledby="blocked-advice-h">
        <h2 id="blocked-advice-h">{T.adviceTitle}</h2>
        <ul>
          {T.advice.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
        <Link to="/policies">{T.policiesLink}</Link>
      </section>
    </main>
  );
}
