/**
 * A signed-in page on which the shell's welcome and daily-reward modals stay closed: the gift is
 * marked seen on the server and today's reward modal as shown, as after a member dismissed them.
 * For flows on shell pages (/home…) that those modals would cover.
 */
import type { Page } from 'playwright-core';
import type { PageOptions } from './browser.js';
import { callApi, signedInPage, type E2EMember } from './members.js';

export async function quietPage(member: E2EMember, opts: PageOptions = {}): Promise<Page> {
  await callApi('/user/mark-gift-seen', {}, member.token);
  const page = await signedInPage(member, opts);
  // A string, as the e2e files are type-checked without the DOM library.
  await page.addInitScript({
    content: `(() => {
      const d = new Date();
      const pad = (n) => String(n).padStart(2, '0');
      const today = d.getFullYear() + '-' + pad(d.getMonth() + 1) + '-' + pad(d.getDate());
      localStorage.setItem('daily_reward_shown', today);
    })();`,
  });
  return page;
}
