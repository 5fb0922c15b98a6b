/**
 * Rules written once: each test reads the sources and fails when a rule that lives in one
 * place is written again elsewhere (a second cooldown, a second error code for it), or the
 * schema keeps a copy of a constant that lives in shared.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '@app/shared';
import { createMember, createTestApp, type TestApp } from './helpers.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Every .ts file under `dir` (relative to the repository), tests left out. */
function sources(dir: string): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(path.join(ROOT, d), { withFileTypes: true })) {
      const rel = path.join(d, e.name);
      if (e.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
        out.push({ file: rel, text: fs.readFileSync(path.join(ROOT, rel), 'utf8') });
    }
  };
  walk(dir);
  return out;
}

describe('the e-mail code cooldown', () => {
  it('is compared with the clock in one shared function only', () => {
    const users = [...sources('packages/server/src'), ...sources('packages/shared/src')]
      .filter((f) => /OTP_RESEND_COOLDOWN_S/.test(f.text))
      .map((f) => f.file);
    expect(users).toEqual(['packages/shared/src/auth-rules.ts']);
  });

  it('has one error code', () => {
    expect(API_ERROR_CODES).toContain('otp_cooldown');
    expect(API_ERROR_CODES).not.toContain('code_wait');
  });
});

describe('SQL', () => {
  it('is written in repositories only, outside the database and command folders', () => {
    const statement = /\.(selectFrom|updateTable|insertInto|deleteFrom|query)\(|\bsql[`<]/;
    const strays = ['modules', 'auth', 'realtime', 'http', 'adapters', 'metrics', 'security']
      .flatMap((dir) => sources(`packages/server/src/${dir}`))
      .filter((f) => !f.file.endsWith('.repository.ts') && statement.test(f.text))
      .map((f) => f.file);
    expect(strays).toEqual([]);
  });

  it('has no repository among the adapters: they reach the database through a store given them', () => {
    const inAdapters = sources('packages/server/src/adapters')
      .filter((f) => f.file.endsWith('.repository.ts') || /db\/kysely\.js'/.test(f.text))
      .map((f) => f.file);
    expect(inAdapters).toEqual([]);
  });
});

describe('the configuration', () => {
  it('declares each variable of .env.example in exactly one concern file of config/', () => {
    const example = fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8');
    const names = [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1] ?? '');
    const files = sources('packages/server/src/config');
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) {
      const declaring = files.filter((f) => new RegExp(`^  ${name}: `, 'm').test(f.text));
      expect(
        declaring.map((f) => f.file),
        name,
      ).toHaveLength(1);
    }
  });
});

describe("the console's sanctions", () => {
  it('block and unblock members in the one pipeline (members, reports and scams use it)', () => {
    const callers = sources('packages/server/src')
      .filter((f) => /\bset(Un)?[Bb]locked\(/.test(f.text))
      .map((f) => f.file);
    expect(callers).toEqual([
      'packages/server/src/modules/admin/members.repository.ts',
      'packages/server/src/modules/admin/sanctions.ts',
    ]);
  });
});

describe('the chat unlock cost', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('has no copy in the schema: the column has no default, a chat without a price is refused', async () => {
    const [col] = await t.db.query<{ column_default: string | null }>(
      `SELECT column_default FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'chats' AND column_name = 'unlock_cost'`,
    );
    expect(col).toEqual({ column_default: null });
    const a = await createMember(t);
    const b = await createMember(t);
    await expect(
      t.db.query(
        `INSERT INTO chats (user_low_id, user_high_id, origin) VALUES ($1, $2, 'contact')`,
        [Math.min(a.id, b.id), Math.max(a.id, b.id)],
      ),
    ).rejects.toThrow(/unlock_cost/);
  });
});
