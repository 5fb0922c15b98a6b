/**
 * The 30 s blocked check (spec 1 §4): a member whose account is blocked while the app is open
 * lands on /blocked at the next check, without doing anything, and the session is gone.
 */
import { describe, expect, it } from 'vitest';
import { BLOCKED_CHECK_INTERVAL_MS } from '@app/shared';
import { request } from './support/harness.js';
import { signInAdmin } from './support/admin.js';
import { createMemberViaApi } from './support/members.js';
import { quietPage } from './support/quiet-page.js';

describe('blocked while the app is open', () => {
  it('goes to /blocked at the next 30 s check and clears the session', async () => {
    const member = await createMemberViaApi('Koudbi', 'homme');
    const page = await quietPage(member);
    // The page's clock is ours to move: the 30 s are skipped, not waited for.
    await page.clock.install();
    await page.goto('/home');
    await page.getByRole('heading', { name: 'Découvrez les annonces' }).waitFor();

    const admin = await signInAdmin();
    const blocked = await request(`/api/admin/members/${member.id}/block`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ reason: 'Test e2e : blocage pendant la visite' }),
    });
    expect(blocked.status).toBe(200);

    // Nothing happens before the check is due.
    await page.clock.runFor(BLOCKED_CHECK_INTERVAL_MS - 5_000);
    expect(new URL(page.url()).pathname).toBe('/home');

    await page.clock.runFor(6_000);
    await page.waitForURL('**/blocked', { timeout: 10_000 });
    await page.getByText('Compte bloqué').first().waitFor();
    expect(await page.evaluate("localStorage.getItem('token')")).toBeNull();
  });
});
