/**
 * `npm run bench:scam [-- --tuning-errors]`: precision and recall of the scam-signal rule
 * (packages/shared/src/scam-signals.ts, issue 21) on the labelled messages of
 * bench/scam-messages.ts — on the tuning part, on the held-out part (never used while tuning)
 * and overall — against the goals (precision ≥ 0.95: ordinary talk is almost never flagged;
 * recall ≥ 0.85). Also the same figures if a lone link or a lone phone number did not count,
 * which is how hasScamSignal's choice was made, and each signal's share of the scam messages.
 * Lists the misclassified held-out messages; `--tuning-errors` lists the tuning part's instead
 * (what to look at while adjusting the rule, so the held-out part stays unseen).
 * Exits 1 when the overall figures miss a goal.
 */
import { parseArgs } from 'node:util';
import { hasScamSignal, scamSignals } from '../packages/shared/src/scam-signals.js';
import { SCAM_MESSAGES, type TLabelledMessage, type TScamPart } from './scam-messages.js';

const GOAL_PRECISION = 0.95;
const GOAL_RECALL = 0.85;

const { values } = parseArgs({ options: { 'tuning-errors': { type: 'boolean' } } });

interface TScore {
  n: number;
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

type TVerdict = (text: string) => boolean;

/** Counts of a verdict against the labels. */
function score(messages: readonly TLabelledMessage[], verdict: TVerdict): TScore {
  const s: TScore = { n: messages.length, tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const m of messages) {
    const flagged = verdict(m.text);
    if (flagged && m.scam) s.tp += 1;
    else if (flagged) s.fp += 1;
    else if (m.scam) s.fn += 1;
    else s.tn += 1;
  }
  return s;
}

const precision = (s: TScore) => (s.tp + s.fp === 0 ? 1 : s.tp / (s.tp + s.fp));
const recall = (s: TScore) => (s.tp + s.fn === 0 ? 1 : s.tp / (s.tp + s.fn));
const mark = (value: number, goal: number) => `${value.toFixed(3)} ${value >= goal ? '✓' : '✗'}`;

const parts: { name: string; messages: readonly TLabelledMessage[] }[] = [
  { name: 'tuning', messages: SCAM_MESSAGES.filter((m) => m.part === 'tuning') },
  { name: 'held-out', messages: SCAM_MESSAGES.filter((m) => m.part === 'held-out') },
  { name: 'overall', messages: SCAM_MESSAGES },
];

function table(title: string, verdict: TVerdict): TScore {
  console.log(`\n${title}`);
  console.log('part        messages  scam  flagged  false+  missed  precision  recall');
  let overall: TScore = { n: 0, tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const { name, messages } of parts) {
    const s = score(messages, verdict);
    overall = s;
    console.log(
      [
        name.padEnd(10),
        String(s.n).padStart(9),
        String(s.tp + s.fn).padStart(5),
        String(s.tp + s.fp).padStart(8),
        String(s.fp).padStart(7),
        String(s.fn).padStart(7),
        mark(precision(s), GOAL_PRECISION).padStart(10),
        mark(recall(s), GOAL_RECALL).padStart(7),
      ].join(' '),
    );
  }
  return overall;
}

const count = (part: TScamPart, scam: boolean) =>
  SCAM_MESSAGES.filter((m) => m.part === part && m.scam === scam).length;
console.log(
  `Scam signals (issue 21): ${SCAM_MESSAGES.length} labelled messages — tuning ` +
    `${count('tuning', true)} scam + ${count('tuning', false)} ordinary, held-out ` +
    `${count('held-out', true)} scam + ${count('held-out', false)} ordinary. ` +
    `Goals: precision ≥ ${GOAL_PRECISION}, recall ≥ ${GOAL_RECALL}.`,
);

const overall = table('hasScamSignal (money, phone, leaving the app or link):', hasScamSignal);

const without = (drop: 'link' | 'phone'): TVerdict => {
  return (text) => {
    const s = scamSignals(text);
    return s.money || s.offApp || (drop === 'link' ? s.phone : s.link);
  };
};
table('Variant: a lone link does not count:', without('link'));
table('Variant: a lone phone number does not count:', without('phone'));

console.log('\nShare of the scam messages carrying each signal (all parts):');
const scams = SCAM_MESSAGES.filter((m) => m.scam);
for (const key of ['money', 'phone', 'offApp', 'link'] as const) {
  const n = scams.filter((m) => scamSignals(m.text)[key]).length;
  const alone = scams.filter((m) => {
    const s = scamSignals(m.text);
    return s[key] && Object.values(s).filter(Boolean).length === 1;
  }).length;
  console.log(`  ${key.padEnd(7)} ${String(n).padStart(4)}  (the only signal in ${alone})`);
}

const listed: TScamPart = values['tuning-errors'] ? 'tuning' : 'held-out';
const errors = SCAM_MESSAGES.filter((m) => m.part === listed && hasScamSignal(m.text) !== m.scam);
console.log(`\nMisclassified ${listed} messages (${errors.length}):`);
for (const m of errors) {
  console.log(`  ${m.scam ? 'missed scam ' : 'false alarm '} ${m.text}`);
}

const ok = precision(overall) >= GOAL_PRECISION && recall(overall) >= GOAL_RECALL;
console.log(`\nOverall: ${ok ? 'both goals met' : 'a goal is missed'}.`);
process.exitCode = ok ? 0 : 1;
