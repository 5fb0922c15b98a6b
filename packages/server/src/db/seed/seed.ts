/**
 * Demo data for a fresh database (DEMO_SEED, on by default outside production). The steps run in
 * order; each one checks whether its data is already there, so starting again adds nothing.
 * A feature that needs demo rows adds its step to SEED_STEPS, after the steps it builds on.
 *
 * The demo account: demo@rencontre.bf / Ouaga2025! (see steps/members.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db.js';
import type { Storage } from '../../adapters/storage/storage.js';
import type { SeedContext, SeedStep } from './seed-context.js';
import { membersStep } from './steps/members.js';
import { announcementsStep } from './steps/announcements.js';
import { storiesStep } from './steps/stories.js';
import { demoAccountStep } from './steps/demo-account.js';
import { verificationStep } from './steps/verification.js';
import { demoAccountHistoryStep } from './steps/demo-account-history.js';

const SEED_STEPS: readonly SeedStep[] = [
  membersStep,
  announcementsStep,
  storiesStep,
  demoAccountStep,
  verificationStep,
  demoAccountHistoryStep,
];

export async function seedDemoData(
  db: Db,
  log: FastifyBaseLogger,
  storage: Storage,
  steps: readonly SeedStep[] = SEED_STEPS,
): Promise<void> {
  const ctx: SeedContext = { db, log, storage, now: new Date() };
  const started = performance.now();
  let seeded = 0;
  for (const step of steps) {
    if (await step.isDone(db)) continue;
    const stepStarted = performance.now();
    const rows = await step.run(ctx);
    seeded += 1;
    const ms = Math.round(performance.now() - stepStarted);
    log.info({ step: step.name, rows, ms }, `données de démonstration : ${step.name} (${rows})`);
  }
  if (seeded === 0) return;
  const ms = Math.round(performance.now() - started);
  log.info({ ms }, `données de démonstration prêtes en ${(ms / 1000).toFixed(1)} s`);
}
