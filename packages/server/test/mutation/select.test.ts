/**
 * Which modules `npm run test:mutation -- --changed <base>` runs: the script is run for real in a
 * scratch git repository holding a copy of it, with `--list` so that nothing is mutated.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
let repo: string;

const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.email=ci@test.bf', '-c', 'user.name=CI', ...args], {
    cwd: repo,
    encoding: 'utf8',
  });
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  fs.writeFileSync(path.join(repo, file), text);
};
/** The modules the script would run, and the exact lines of the code each would mutate. */
const planned = (...args: string[]) => {
  const out = execFileSync(process.execPath, ['scripts/mutation.mjs', ...args, '--list'], {
    cwd: repo,
    encoding: 'utf8',
  });
  return out
    .split('\n')
    .filter((l) => l.includes('\t'))
    .map((l) => l.split('\t')[0]);
};

const CHAT_SERVICE = 'packages/server/src/modules/chats/chat.service.ts';
beforeAll(() => {
  repo = fs.mkdtempSync(path.join(os.tmpdir(), 'mutation-select-'));
  // The script and the files whose functions it locates by name (chat.service.ts: a stand-in).
  for (const f of [
    'scripts/mutation.mjs',
    'scripts/mutation-modules.mjs',
    'packages/server/src/modules/auth/auth.service.ts',
    'packages/server/src/adapters/payments/orange-bf.ts',
    'packages/server/src/adapters/payments/moov-bf.ts',
    'packages/server/src/adapters/payments/cinetpay.ts',
    'packages/shared/src/geo.ts',
    'packages/shared/src/announcements.ts',
    'packages/shared/src/stories.ts',
    'packages/server/src/modules/stories/story.service.ts',
  ]) {
    write(f, fs.readFileSync(path.join(ROOT, f), 'utf8'));
  }
  write(
    CHAT_SERVICE,
    [
      '/** Chats. */',
      'export async function leaveChat() {',
      '  return 1;',
      '}',
      '',
      '/** Pays the unlock once. */',
      'export async function unlockChat(chatId: number) {',
      '  if (chatId) {',
      '    return 2;',
      '  }',
      '  return 3;',
      '}',
      '',
      'export const after = 4;',
      '',
    ].join('\n'),
  );
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'base');
});
afterAll(() => fs.rmSync(repo, { recursive: true, force: true }));

describe('mutation testing of changed modules', () => {
  it('runs nothing, successfully, when no rule module changed', () => {
    write('README.md', 'autre chose');
    const out = execFileSync(process.execPath, ['scripts/mutation.mjs', '--changed', 'HEAD'], {
      cwd: repo,
      encoding: 'utf8',
    });
    expect(out).toContain('aucun module de règles modifié depuis HEAD');
  });

  it('runs the modules whose code or tests changed, with the lines of named functions', () => {
    write('packages/server/src/modules/coins/ledger.ts', 'export const x = 1;\n');
    expect(planned('--changed', 'HEAD')).toEqual(['coin-ledger']);
    write('packages/server/test/mutation/media.test.ts', '// changé\n');
    write(CHAT_SERVICE, `${fs.readFileSync(path.join(repo, CHAT_SERVICE), 'utf8')}// changé\n`);
    expect(planned('--changed', 'HEAD')).toEqual(['coin-ledger', 'chat-lock', 'media-signing']);
    const out = execFileSync(
      process.execPath,
      ['scripts/mutation.mjs', '--only', 'chat-lock', '--list'],
      {
        cwd: repo,
        encoding: 'utf8',
      },
    );
    expect(out).toContain(`${CHAT_SERVICE}:7-12`);
  });

  it('runs every module when the table changed or the base is unknown', () => {
    git('add', '.');
    git('commit', '-qm', 'second');
    expect(planned('--changed', 'HEAD~1')).toEqual(['coin-ledger', 'chat-lock', 'media-signing']);
    write(
      'scripts/mutation-modules.mjs',
      `${fs.readFileSync(path.join(repo, 'scripts/mutation-modules.mjs'), 'utf8')}\n`,
    );
    expect(planned('--changed', 'HEAD', '--only', 'auth-codes,payments')).toEqual([
      'auth-codes',
      'payments',
    ]);
    expect(planned('--changed', 'HEAD')).toHaveLength(10);
    expect(planned('--changed', 'no-such-base')).toHaveLength(10);
  });
});
