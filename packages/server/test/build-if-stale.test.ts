/**
 * `npm start` and the e2e commands rebuild the web app only when its inputs changed
 * (scripts/build-if-stale.mjs): the hash of those inputs must move with any source byte, a new
 * file, a VITE_* variable, and stay put otherwise.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types.
import { inputsHash } from '../../../scripts/build-if-stale.mjs';
import { makeTestDir } from './temp-dirs.js';

const hashOf = inputsHash as (root: string, env: Record<string, string>) => string;

function write(root: string, rel: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
}

describe('the web build is redone only when its inputs change', () => {
  it('moves with a source byte, a new file, a shared rule or a VITE_ variable, and only then', () => {
    const root = makeTestDir('build-inputs');
    write(root, 'packages/web/src/main.tsx', 'export const a = 1;\n');
    write(root, 'packages/shared/src/rules.ts', 'export const COST = 100;\n');
    write(root, 'package-lock.json', '{}\n');
    write(root, 'packages/web/dist/index.html', '<p>built</p>\n');
    const env = { VITE_BUILD_ID: 'one', PATH: '/bin' };
    const first = hashOf(root, env);

    expect(hashOf(root, { ...env, PATH: '/usr/bin' })).toBe(first);
    // The build's own output is not an input.
    write(root, 'packages/web/dist/index.html', '<p>built again</p>\n');
    expect(hashOf(root, env)).toBe(first);

    write(root, 'packages/shared/src/rules.ts', 'export const COST = 200;\n');
    const afterRule = hashOf(root, env);
    expect(afterRule).not.toBe(first);

    write(root, 'packages/web/src/extra.ts', '');
    const afterFile = hashOf(root, env);
    expect(afterFile).not.toBe(afterRule);

    expect(hashOf(root, { ...env, VITE_BUILD_ID: 'two' })).not.toBe(afterFile);
  });
});
