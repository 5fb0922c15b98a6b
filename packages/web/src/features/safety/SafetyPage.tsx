/**
 * /safety, « Sécurité » (issue 29): public, so a visitor reads it before signing up. Meeting
 * safely, money and credit, blocking and reporting, and the emergency numbers as `tel:` links.
 */
import { Link, useLocation, useNavigate } from '../../lib/router';
import { SAFETY_PAGE as T } from './safetyTexts';
import './safety.css';

function Section({ id, title, items }: { id: string; title: string; items: readonly string[] }) {
  return (
    <section className="sf-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

export default function SafetyPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // Opened directly (no history in the app): back leads home (the sign-in for a visitor).
  const goBack = () => (location.key === 'default' ? navigate('/home') : navigate(-1));
  return (
    <article className="sf-page">
      <header className="bm-header">
        <button type="button" className="icon-btn" aria-label={T.back} onClick={goBack}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden>
            <path fill="currentColor" d="M15.4 5.4L14 4l-8 8 8 8 1.4-1.4L8.8 12z" />
          </svg>
        </button>
        <h1>{T.title}</h1>
        <span className="bm-header-spacer" />
      </header>
      <div className="sf-body">
        <p className="sf-intro">{T.intro}</p>
        <section className="sf-section sf-emergency" aria-labelledby="sf-emergency">
          <h2 id="sf-emergency">{T.emergencyTitle}</h2>
          <p className="muted">{T.emergencyLead}</p>
          <ul className="sf-numbers">
            {T.emergency.map((e) => (
              <li key={e.number}>
                <a
                  className="sf-number"
                  href={`tel:${e.number}`}
                  aria-label={T.call(e.label, e.number)}
                >
                  <span className="sf-number-digits">{e.number}</span>
                  <span className="sf-number-text">
                    <strong>{e.label}</strong>
                    <span className="muted">{e.detail}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
        <Section id="sf-meet" title={T.meetTitle} items={T.meet} />
        <Section id="sf-money" title={T.moneyTitle} items={T.money} />
        <Section id="sf-block" title={T.blockTitle} items={T.block} />
        <p className="sf-privacy">
          <Link to="/privacy">{T.privacyLink}</Link>
        </p>
      </div>
    </article>
  );
}
