/**
 * Set-up of the mutation runs (vitest.mutation.config.ts). Stryker reruns each test by its name,
 * and @fast-check/vitest puts the run's random seed in property tests' names: one fixed seed
 * keeps the names, and so the selection, the same from the first run to every mutant.
 */
import fc from 'fast-check';

fc.configureGlobal({ seed: 20_251_125 });
