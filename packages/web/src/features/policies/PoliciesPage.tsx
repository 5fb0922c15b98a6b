/**
 * /policies (spec 2 §2): the terms, with a back button, a table of contents and the nine
 * sections. Public, so it can be read before signing up. The wording is in policiesTexts.ts.
 */
import { useEffect, type MouseEvent } from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import { POLICIES_LAST_UPDATE, SUPPORT_EMAIL } from '@app/shared';
import {
  POLICIES_BACK_LABEL,
  POLICIES_INTRO,
  POLICIES_TITLE,
  POLICIES_TOC_BACK,
  POLICIES_TOC_TITLE,
  POLICIES_UPDATED_LABEL,
  POLICY_SECTIONS,
  type PolicyBlock,
} from './policiesTexts';
import './policies.css';

const TOC_ID = 'sommaire';

/** Scrolls to an anchor without adding history entries, so Retour still leaves the page. */
function scrollToAnchor(id: string, smooth: boolean) {
  const target = document.getElementById(id);
  if (!target) return false;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: smooth && !reduceMotion ? 'smooth' : 'auto', block: 'start' });
  target.focus({ preventScroll: true });
  return true;
}

function handleAnchorClick(event: MouseEvent<HTMLAnchorElement>, id: string) {
  if (scrollToAnchor(id, true)) event.preventDefault();
}

/** Turns the support address, wherever it appears in the text, into a mail link. */
function withMailLink(text: string) {
  return text.split(SUPPORT_EMAIL).flatMap((part, i) =>
    i === 0
      ? [part]
      : [
          <a key={i} href={`mailto:${SUPPORT_EMAIL}`}>
            {SUPPORT_EMAIL}
          </a>,
          part,
        ],
  );
}

function Block({ block }: { block: PolicyBlock }) {
  if (block.kind === 'list') {
    return (
      <ul>
        {block.items.map((item) => (
          <li key={item}>{withMailLink(item)}</li>
        ))}
      </ul>
    );
  }
  return (
    <p>
      {block.lead && <strong>{block.lead} </strong>}
      {withMailLink(block.text)}
    </p>
  );
}

export default function PoliciesPage() {
  const navigate = useNavigate();
  const { key, hash } = useLocation();
  // 'default' is the key of the first entry: opened directly, there is nothing to go back to.
  const handleBack = () =>
    key === 'default' ? navigate('/login', { replace: true }) : navigate(-1);

  useEffect(() => {
    if (hash) scrollToAnchor(decodeURIComponent(hash.slice(1)), false);
  }, [hash]);

  return (
    <div className="policies">
      <header className="policies-header">
        <button className="policies-back" aria-label={POLICIES_BACK_LABEL} onClick={handleBack}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden>
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.4" />
          </svg>
        </button>
        <h1>{POLICIES_TITLE}</h1>
      </header>

      <main className="policies-body">
        <p className="policies-updated">
          {POLICIES_UPDATED_LABEL} {POLICIES_LAST_UPDATE}
        </p>
        <p>{POLICIES_INTRO}</p>

        <nav className="policies-toc" id={TOC_ID} tabIndex={-1} aria-labelledby="policies-toc-h">
          <h2 id="policies-toc-h">{POLICIES_TOC_TITLE}</h2>
          <ol>
            {POLICY_SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} onClick={(e) => handleAnchorClick(e, s.id)}>
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        {POLICY_SECTIONS.map((s, i) => (
          <section
            key={s.id}
            id={s.id}
            tabIndex={-1}
            className="policies-section"
            aria-labelledby={`${s.id}-h`}
          >
            <h2 id={`${s.id}-h`}>
              {i + 1}. {s.title}
            </h2>
            {s.blocks.map((b, j) => (
              <Block key={j} block={b} />
            ))}
            <a
              className="policies-toc-back"
              href={`#${TOC_ID}`}
              onClick={(e) => handleAnchorClick(e, TOC_ID)}
            >
              {POLICIES_TOC_BACK}
            </a>
          </section>
        ))}
      </main>
    </div>
  );
}
