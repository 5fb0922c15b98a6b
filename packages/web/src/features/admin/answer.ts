/**
 * An order's last provider answer (kept by the server, non-secret fields only) as one French
 * line for the console's payments queue: which call answered, what it said, and its details.
 */
import type { TProviderAnswer } from '@app/shared';
import { formatNumber } from './format';
import { ANSWER_CALL_LABELS, ANSWER_OUTCOME_LABELS, labelOf } from './labels';
import { ADMIN_TEXT } from './texts';

export function describeAnswer(answer: TProviderAnswer | null | undefined): string {
  if (!answer) return ADMIN_TEXT.lastAnswerNone;
  const details = [
    answer.amount !== null
      ? `${formatNumber(answer.amount)} ${answer.currency ?? ''}`.trim()
      : null,
    answer.reference ? `${ADMIN_TEXT.providerRef} ${answer.reference}` : null,
    answer.reason,
  ].filter((d): d is string => !!d);
  const said = `${labelOf(ANSWER_CALL_LABELS, answer.call)} : ${labelOf(ANSWER_OUTCOME_LABELS, answer.outcome)}`;
  return details.length ? `${said} (${details.join(', ')})` : said;
}
