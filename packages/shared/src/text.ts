/**
 * Hostile text: the one rule for every text a client sends (bodies, queries, path parameters,
 * form fields, socket payloads). A NUL character cannot be stored by PostgreSQL, and a lone
 * UTF-16 surrogate is not Unicode text at all (jsonb refuses it, UTF-8 encoders mangle it), so
 * both are refused with a French message naming the problem — message text included, for the
 * same reason: a mangled message is a lie about what the member typed.
 */
import { z } from 'zod';

export type THostileProblem = 'nul' | 'lone_surrogate';

/** What each problem is called inside a sentence ("… contient <what>."). */
const PROBLEM_TEXT: Record<THostileProblem, string> = {
  nul: 'un caractère nul (U+0000), non autorisé',
  lone_surrogate: 'un caractère Unicode invalide (demi-paire de substitution), non autorisé',
};

export const TEXT_MSG = {
  /** How a wildcard path parameter (the page's or file's address) is named. */
  pathField: 'adresse',
  /** Where the field is known by its schema key (the answer's `errors` names it). */
  inThisField: (problem: THostileProblem) => `Ce champ contient ${PROBLEM_TEXT[problem]}.`,
  /** The top-level message when a guard outside the schema finds it. */
  inField: (field: string, problem: THostileProblem) =>
    `Le champ « ${field} » contient ${PROBLEM_TEXT[problem]}.`,
} as const;

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first problem in a string, or null when it is clean text. */
export function hostileProblemOf(text: string): THostileProblem | null {
  if (text.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'lone_surrogate';
  return null;
}

/** `z.string()` for request text: the same options, and NUL / lone surrogates refused. */
export function zText(params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .refine((s) => !s.includes('\u0000'), TEXT_MSG.inThisField('nul'))
    .refine((s) => !LONE_SURROGATE.test(s), TEXT_MSG.inThisField('lone_surrogate'));
}

/** How a finding names a hostile key at the top level of a payload. */
const KEY_FIELD = 'nom de champ';

// A field path is echoed in the answer: a deeply nested one is cut rather than sent back whole.
const shortened = (path: string) => (path.length > 120 ? `${path.slice(0, 119)}…` : path);

export interface THostileFinding {
  /** Dotted path of the field (`body.items.0.name`-style, without the prefix); `''` for the root. */
  field: string;
  problem: THostileProblem;
}

/**
 * The first hostile string anywhere in a parsed payload, keys included. Iterative, so a deeply
 * nested body cannot overflow the stack; the node budget bounds the work on a huge one.
 */
export function findHostileText(value: unknown, maxNodes = 100_000): THostileFinding | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  let seen = 0;
  while (stack.length > 0 && seen < maxNodes) {
    const next = stack.pop();
    if (!next) break;
    seen += 1;
    const { value: v, path } = next;
    if (typeof v === 'string') {
      const problem = hostileProblemOf(v);
      if (problem) return { field: shortened(path), problem };
    } else if (v && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        const keyProblem = hostileProblemOf(key);
        // A hostile key is not echoed back: the finding names the object holding it.
        if (keyProblem) return { field: shortened(path) || KEY_FIELD, problem: keyProblem };
        stack.push({ value: child, path: path ? `${path}.${key}` : key });
      }
    }
  }
  return null;
}
