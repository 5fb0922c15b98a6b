/**
 * Story likes and views as a member feels them: the like shows at once and is taken back when
 * the server refuses it; a story read again in the same session is not counted twice.
 */
import { describe, expect, it } from 'vitest';
import type { TStory } from '@app/shared';
import { request } from './support/harness.js';
import { callApi, createMemberViaApi, type E2EMember } from './support/members.js';
import { quietPage } from './support/quiet-page.js';

/** Letters only: a run of digits would read as a phone number and hold the story. */
const tag = () =>
  Date.now()
    .toString()
    .replace(/\d/g, (d) => 'abcdefghij'.charAt(Number(d)));

async function storyOnServer(member: E2EMember, content: string) {
  const res = await request('/api/histoires?page=1', {
    headers: { authorization: `Bearer ${member.token}` },
  });
  const body = (await res.json()) as { data: { data: TStory[] } };
  return body.data.data.find((s) => s.content === content);
}

describe('stories', () => {
  it('takes a like back when the server refuses it, and counts a view once per session', async () => {
    const author = await createMemberViaApi('Pauline');
    const reader = await createMemberViaApi('Ousmane', 'homme');
    const content = `Un café partagé à Koudougou a changé notre année (${tag()}).`;
    await callApi('/histoires', { content }, author.token);

    const page = await quietPage(reader);
    const viewReports: string[] = [];
    page.on('request', (req) => {
      if (
        req.method() === 'POST' &&
        /\/api\/histoires\/\d+\/view$/.test(new URL(req.url()).pathname)
      )
        viewReports.push(req.url());
    });
    // The first like fails on the way (the server never sees it).
    let refuse = true;
    await page.route('**/api/histoires/*/like', (route) =>
      refuse ? route.abort('connectionfailed') : route.continue(),
    );
    await page.goto('/histoires');
    const card = page.getByTestId('story-card').filter({ hasText: content });
    await card.waitFor();
    await card.getByRole('button', { name: "J'aime" }).click();
    // Optimistic, then rolled back: the button is available again and the count is 0.
    await card.getByRole('button', { name: "J'aime" }).waitFor();
    await expect.poll(() => card.getByTestId('story-likes').textContent()).toBe("0 J'aime");
    expect((await storyOnServer(reader, content))?.likes).toBe(0);

    refuse = false;
    await card.getByRole('button', { name: "J'aime" }).click();
    await expect.poll(() => card.getByTestId('story-likes').textContent()).toBe("1 J'aime");
    await expect.poll(async () => (await storyOnServer(reader, content))?.likes).toBe(1);

    // Seen once; reading the feed again in the same session does not count it again.
    await expect.poll(async () => (await storyOnServer(reader, content))?.views).toBe(1);
    await page.reload();
    await card.waitFor();
    await page.goto('/home');
    await page.goto('/histoires');
    await card.waitFor();
    // The screen's observer has had its say once one created after it has (intersection
    // callbacks are delivered in the order the observers were made), and a little after that.
    // A string, as the e2e files are type-checked without the DOM library.
    await card.evaluate(`(el) => new Promise((resolve) => {
      const io = new IntersectionObserver(() => { io.disconnect(); resolve(); });
      io.observe(el);
    })`);
    await page.waitForTimeout(500);
    // Other flows' stories share the feed: only this one's reports count.
    const story = await storyOnServer(reader, content);
    expect(viewReports.filter((url) => url.endsWith(`/histoires/${story?.id}/view`))).toHaveLength(
      1,
    );
    expect(story?.views).toBe(1);
  });
});
