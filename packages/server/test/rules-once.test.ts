/**
 * Rules written once: each test reads the sources and fails when a rule that lives in one
 * place is written again elsewhere (a second cooldown, a second error code for it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '@app/shared';

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
