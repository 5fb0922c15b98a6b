/**
 * "Je veux rencontrer" (issue 18): whom a member wants to meet. It says something intimate, so
 * it never leaves the device except as a filter on the feed, swipe and nearby calls: no column
 * holds it, no log line names it, no export has it. Absent means everybody.
 */
import { z } from 'zod';

/** What the device keeps: one of the two genders, or everybody. */
export const SEEKING_CHOICES = ['femme', 'homme', 'tous'] as const;
export type TSeekingChoice = (typeof SEEKING_CHOICES)[number];

export const SEEKING_LABELS: Record<TSeekingChoice, string> = {
  femme: 'Des femmes',
  homme: 'Des hommes',
  tous: 'Tout le monde',
};

export const SEEKING_TITLE = 'Je veux rencontrer';

/** Where the device keeps it; a session's end forgets it (a shared phone). */
export const SEEKING_STORAGE_KEY = 'seeking';

/** The request filter: a gender, or nothing for everybody. */
// Built behind a pure call, like every schema here, so a screen that only reads a constant of
// this file does not pull zod into its bundle.
const lazySchema = <T>(build: () => T): T => build();
export const ZSeeking = /* @__PURE__ */ lazySchema(() =>
  z.enum(['femme', 'homme'], { error: 'Le choix « Je veux rencontrer » est invalide' }).optional(),
);
export type TSeeking = z.infer<typeof ZSeeking>;

/** The filter a stored choice sends: nothing for everybody. */
export const seekingFilter = (choice: TSeekingChoice | null | undefined): TSeeking =>
  choice === 'femme' || choice === 'homme' ? choice : undefined;
