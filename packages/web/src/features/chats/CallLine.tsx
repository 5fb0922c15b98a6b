/**
 * A call's line in the conversation (issue 30): « Appel vocal · 3 min », « Appel manqué »…, with
 * « Signaler » to report the other member about that call.
 */
import { callLineText } from '@app/shared';
import { CALL_TEXT } from './call/texts';
import { IconPhone } from './icons';

export function CallLine({
  outcome,
  duration,
  onReport,
}: {
  outcome: string;
  duration: number | null;
  onReport?: (() => void) | undefined;
}) {
  return (
    <p className="call-line bubble-text" data-testid="call-line">
      <IconPhone size={16} />
      <span>{callLineText(outcome, duration)}</span>
      {onReport && (
        <button type="button" className="call-line-report" onClick={onReport}>
          {CALL_TEXT.report}
        </button>
      )}
    </p>
  );
}
