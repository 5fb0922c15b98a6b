/**
 * The call screen over the app (issue 30): the other member's photo and name; while it rings
 * here « Répondre » / « Refuser »; while it rings there, connects or talks « Raccrocher »,
 * « Signaler » and the microphone switch, with the time talked. « Signaler » opens the chat's
 * report sheet without ending the call.
 */
import { useEffect, useState } from 'react';
import { Avatar } from '../../../ui/Avatar';
import { lazyPart } from '../../../ui/lazyPart';
import { useCallState, type CallState } from './callStore';
import { answer, decline, hangUp, toggleMute } from './engine';
import { CALL_TEXT } from './texts';
import './call.css';

const ReportSheet = lazyPart(() => import('../ReportSheet'), { dismiss: (p) => p.onClosed });

function elapsed(since: number, now: number) {
  const s = Math.max(0, Math.floor((now - since) / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function statusText(state: CallState, now: number) {
  switch (state.phase) {
    case 'incoming':
      return CALL_TEXT.incoming;
    case 'placing':
      return CALL_TEXT.calling;
    case 'outgoing':
      return CALL_TEXT.ringing;
    case 'connecting':
      return CALL_TEXT.connecting;
    case 'reconnecting':
      return CALL_TEXT.reconnecting;
    case 'active':
      return state.since ? elapsed(state.since, now) : '';
    case 'ended':
      return state.endText ?? CALL_TEXT.ended;
  }
}

export default function CallScreen() {
  const state = useCallState();
  const [now, setNow] = useState(() => Date.now());
  const [reporting, setReporting] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!state) return null;
  const { peer } = state;
  const ringingHere = state.phase === 'incoming';
  return (
    <div className="call-screen" role="dialog" aria-modal="true" aria-label={peer.name}>
      <div className="call-peer">
        <Avatar name={peer.name} photo={peer.photo} size={112} />
        <h2>{peer.name}</h2>
        <p className="call-status" aria-live="polite" data-testid="call-status">
          {statusText(state, now)}
        </p>
        <p className="call-note">{CALL_TEXT.relayNote}</p>
      </div>
      {ringingHere ? (
        <div className="call-actions">
          <button type="button" className="call-btn call-decline" onClick={() => void decline()}>
            {CALL_TEXT.decline}
          </button>
          <button type="button" className="call-btn call-answer" onClick={() => void answer()}>
            {CALL_TEXT.answer}
          </button>
        </div>
      ) : (
        state.phase !== 'ended' && (
          <div className="call-actions">
            <button
              type="button"
              className="call-btn call-minor"
              aria-pressed={state.muted}
              onClick={toggleMute}
            >
              {state.muted ? CALL_TEXT.unmute : CALL_TEXT.mute}
            </button>
            <button type="button" className="call-btn call-decline" onClick={() => void hangUp()}>
              {CALL_TEXT.hangUp}
            </button>
            <button
              type="button"
              className="call-btn call-minor"
              onClick={() => setReporting(true)}
            >
              {CALL_TEXT.report}
            </button>
          </div>
        )
      )}
      {reporting && (
        <ReportSheet chatId={state.chatId} userId={peer.id} onClosed={() => setReporting(false)} />
      )}
    </div>
  );
}
