/**
 * /privacy, « Confidentialité » (issue 29): the member's privacy settings, each switched on the
 * spot (the switch moves at once and comes back if the server refuses), with what it does.
 */
import { useState } from 'react';
import { WHO_CAN_MESSAGE, type TMemberSettings } from '@app/shared';
import { usePrivacySettings, useUpdatePrivacy } from '../../api/usePrivacy';
import { useLocation, useNavigate } from '../../lib/router';
import { SafetyLink } from '../../components/SafetyLink';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { toast } from '../../ui/toast';
import { PRIVACY_TEXT as T } from './texts';
import './privacy.css';

type Toggle =
  | 'hide_distance'
  | 'hide_online'
  | 'read_receipts'
  | 'hide_from_nearby'
  | 'verified_only_messages'
  | 'receive_calls';
const TOGGLES: readonly Toggle[] = [
  'hide_distance',
  'hide_online',
  'read_receipts',
  'hide_from_nearby',
  'verified_only_messages',
  'receive_calls',
];

function SwitchRow({
  name,
  on,
  onChange,
}: {
  name: Toggle;
  on: boolean;
  onChange: (on: boolean) => void;
}) {
  const hintId = `privacy-hint-${name}`;
  return (
    <li className="privacy-row">
      <label className="privacy-switch">
        <span className="privacy-label">{T[name]}</span>
        <input
          type="checkbox"
          role="switch"
          name={name}
          checked={on}
          aria-describedby={hintId}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span className="privacy-track" aria-hidden />
      </label>
      <p id={hintId} className="privacy-hint muted">
        {T.hints[name]}
      </p>
    </li>
  );
}

function Settings({ settings: saved }: { settings: TMemberSettings }) {
  const update = useUpdatePrivacy();
  // What the member just chose, shown in the same event (the query's cache follows a moment
  // later, and a controlled switch would flick back meanwhile); dropped once the server has
  // answered, its answer (or the restored value and a toast) then shows.
  const [chosen, setChosen] = useState<Partial<TMemberSettings>>({});
  const settings = { ...saved, ...chosen };
  const change = (c: Partial<TMemberSettings>) => {
    setChosen((prev) => ({ ...prev, ...c }));
    // Each call's own promise (mutate's callbacks only follow the latest of quick changes).
    update
      .mutateAsync(c)
      .catch((err: Error) => toast.error(err.message))
      .finally(() =>
        setChosen((prev) => {
          const rest = { ...prev };
          for (const key of Object.keys(c) as (keyof TMemberSettings)[])
            if (rest[key] === c[key]) delete rest[key];
          return rest;
        }),
      );
  };
  return (
    <>
      <p className="privacy-lead muted">{T.lead}</p>
      <ul className="privacy-list">
        {TOGGLES.map((name) => (
          <SwitchRow
            key={name}
            name={name}
            on={settings[name]}
            onChange={(on) => change({ [name]: on })}
          />
        ))}
        <li className="privacy-row">
          <fieldset className="privacy-choice" aria-describedby="privacy-hint-who">
            <legend className="privacy-label">{T.who_can_message}</legend>
            {WHO_CAN_MESSAGE.map((who) => (
              <label key={who} className="privacy-option">
                <input
                  type="radio"
                  name="who_can_message"
                  value={who}
                  checked={settings.who_can_message === who}
                  onChange={() => change({ who_can_message: who })}
                />
                <span>{T[who]}</span>
              </label>
            ))}
          </fieldset>
          <p id="privacy-hint-who" className="privacy-hint muted">
            {T.hints.who_can_message}
          </p>
        </li>
      </ul>
      <p className="privacy-safety">
        <SafetyLink />
      </p>
    </>
  );
}

export default function PrivacyPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const settings = usePrivacySettings();
  // Opened directly (no history in the app): back leads to the account menu.
  const goBack = () => (location.key === 'default' ? navigate('/profile') : navigate(-1));

  let body;
  if (settings.data) body = <Settings settings={settings.data} />;
  else if (settings.isError)
    body = (
      <ErrorPanel
        message={settings.error.message || T.loadError}
        onRetry={() => void settings.refetch()}
        showBack={false}
      />
    );
  else body = <div className="privacy-skeleton" aria-busy="true" />;

  return (
    <section className="privacy-page">
      <header className="privacy-header">
        <button type="button" className="icon-btn" aria-label={T.back} onClick={goBack}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden>
            <path fill="currentColor" d="M15.4 5.4L14 4l-8 8 8 8 1.4-1.4L8.8 12z" />
          </svg>
        </button>
        <h1>{T.title}</h1>
        <span className="privacy-header-spacer" />
      </header>
      <div className="privacy-body">{body}</div>
    </section>
  );
}
