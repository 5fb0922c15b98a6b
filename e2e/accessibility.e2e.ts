/**
 * Accessibility of the main screens at 360x740: axe-core runs inside each page and no serious or
 * critical violation may remain; every button, link and form control has an accessible name; and
 * the first control reached with Tab shows its focus (an outline or a shadow).
 */
import axe from 'axe-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { baseUrl, newPage, waitForMail } from './support/harness.js';
import { callApi, createMemberViaApi, type E2EMember } from './support/members.js';
import { openChat } from './support/chats.js';
import { quietPage } from './support/quiet-page.js';

const OUAGA = { latitude: 12.37, longitude: -1.52 };
const TILE = /\/(\d+)\/-?\d+\/-?\d+\.png$/;
/** The rules that say a control has no accessible name, whatever impact axe gives them. */
const NAME_RULES = new Set([
  'button-name',
  'link-name',
  'label',
  'input-button-name',
  'select-name',
  'aria-input-field-name',
  'aria-toggle-field-name',
  'aria-command-name',
]);

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
  /** axe's own words about the first failing node (for contrast: the colours and the ratio). */
  why: string;
}

/*
 * axe is given to the page through the DevTools protocol (page.evaluate), not a <script> tag:
 * the app's Content-Security-Policy refuses inline scripts. Strings, as the e2e files are
 * type-checked without the DOM library.
 */
async function runAxe(page: Page): Promise<Violation[]> {
  await page.evaluate(axe.source);
  return (await page.evaluate(`axe
    .run(document, { resultTypes: ['violations'] })
    .then((r) => r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
      why: [...(v.nodes[0]?.any ?? []), ...(v.nodes[0]?.all ?? [])].map((c) => c.message).join(' '),
    })))`)) as Violation[];
}

interface FocusStyle {
  tag: string;
  name: string;
  outline: string;
  /** The box-shadow while focused, and once the focus has left (a card may always have one). */
  shadow: string;
  shadowUnfocused: string;
}

/** Tabs to the next control (the first one on a fresh page) and reads how its focus is drawn. */
async function firstFocus(page: Page): Promise<FocusStyle | null> {
  await page.keyboard.press('Tab');
  return (await page.evaluate(`(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const s = getComputedStyle(el);
    const outline = s.outlineStyle === 'none' || parseFloat(s.outlineWidth) === 0
      ? 'none' : s.outlineStyle + ' ' + s.outlineWidth + ' ' + s.outlineColor;
    const shadow = s.boxShadow;
    const html = el.outerHTML.slice(0, 200);
    el.blur();
    return {
      tag: el.tagName.toLowerCase(),
      name: (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40),
      outline,
      shadow,
      shadowUnfocused: getComputedStyle(el).boxShadow,
      html,
    };
  })()`)) as FocusStyle | null;
}

/** An outline, or a shadow that only the focus draws. */
const focusShows = (f: FocusStyle) =>
  f.outline !== 'none' || (f.shadow !== 'none' && f.shadow !== f.shadowUnfocused);

/** Every check on the screen as it is now; `screen` names it in the failure messages. */
async function checkScreen(page: Page, screen: string) {
  const violations = await runAxe(page);
  const describeAll = (list: Violation[]) =>
    list.map(
      (v) => `${screen}: ${v.id} (${v.impact}) ${v.help} → ${v.targets.join(' | ')} — ${v.why}`,
    );
  const moderate = violations.filter((v) => v.impact !== 'serious' && v.impact !== 'critical');
  if (moderate.length) console.info(describeAll(moderate).join('\n'));

  const severe = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect.soft(describeAll(severe), `${screen}: serious or critical axe violations`).toEqual([]);
  const unnamed = violations.filter((v) => NAME_RULES.has(v.id));
  expect.soft(describeAll(unnamed), `${screen}: controls without an accessible name`).toEqual([]);

  const focus = await firstFocus(page);
  expect.soft(focus, `${screen}: Tab reaches no control`).not.toBeNull();
  const visible = focus !== null && focusShows(focus);
  expect.soft(visible, `${screen}: focus not visible on ${JSON.stringify(focus)}`).toBe(true);
}

/** A signed-in page with the modals closed, the phone at Ouagadougou and map tiles failing. */
async function memberPage(member: E2EMember): Promise<Page> {
  const page = await quietPage(member, { serviceWorkers: 'block' });
  await page.context().route(
    (url) => TILE.test(url.pathname) && url.origin !== baseUrl,
    (route) => route.abort('internetdisconnected'),
  );
  await page.context().grantPermissions(['geolocation'], { origin: baseUrl });
  await page.context().setGeolocation(OUAGA);
  return page;
}

describe('accessibility of the main screens', () => {
  let awa: E2EMember;
  let issa: E2EMember;
  let chatId: number;

  beforeAll(async () => {
    [awa, issa] = await Promise.all([
      createMemberViaApi('Awa'),
      createMemberViaApi('Issa', 'homme'),
    ]);
    for (const m of [awa, issa]) await callApi('/location/update', OUAGA, m.token);
    await callApi(
      '/announcements',
      { description: "Bonjour, j'aime la musique, la cuisine du pays et le marché du samedi." },
      issa.token,
    );
    await callApi(
      '/histoires',
      { content: 'Une histoire vraie, racontée sans nom, pour voir la page des histoires.' },
      issa.token,
    );
    chatId = await openChat(awa, issa, 'Bonjour Issa, comment vas-tu ?', 'Très bien, merci !');
  });

  it('/login', async () => {
    const page = await newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    await checkScreen(page, '/login');
  });

  it('/signup', async () => {
    const page = await newPage();
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Créer mon compte' }).waitFor();
    await checkScreen(page, '/signup');
  });

  it('/verify-otp (the code screen)', async () => {
    const email = `axe.code.${Date.now()}@exemple.bf`;
    const reg = await callApi('/register', {
      email,
      password: 'Baobab-Fleuri-77',
      device_hash: `e2e-${email}`,
    });
    const page = await newPage();
    await page.addInitScript({
      content: `localStorage.setItem('token', ${JSON.stringify(String(reg.data?.token))});`,
    });
    await page.goto('/home');
    await page.waitForURL('**/verify-otp');
    await page.getByLabel('Chiffre 1 sur 6').waitFor();
    await checkScreen(page, '/verify-otp');
  });

  it('/home', async () => {
    const page = await memberPage(awa);
    await page.goto('/home');
    await page.getByRole('article').filter({ hasText: 'marché du samedi' }).first().waitFor();
    await checkScreen(page, '/home');
  });

  it('the notifications panel', async () => {
    const page = await memberPage(issa);
    await page.goto('/home');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByText('Voir le message').first().waitFor();
    await checkScreen(page, 'notifications panel');
  });

  it('/swipes', async () => {
    const page = await memberPage(awa);
    await page.goto('/swipes');
    await page.locator('.swipe-card:not(.swipe-skeleton), .swipe-state').first().waitFor();
    await checkScreen(page, '/swipes');
  });

  it('/near (the list)', async () => {
    const page = await memberPage(awa);
    await page.goto('/near');
    await page.getByRole('heading', { name: 'Personnes à proximité' }).waitFor();
    await checkScreen(page, '/near');
  });

  it('/chats', async () => {
    const page = await memberPage(awa);
    await page.goto('/chats');
    await page.getByText('Très bien, merci !').first().waitFor();
    await checkScreen(page, '/chats');
  });

  it('/chat/:id', async () => {
    const page = await memberPage(awa);
    await page.goto(`/chat/${chatId}`);
    await page.getByTestId('message-list').getByText('Très bien, merci !').waitFor();
    await checkScreen(page, '/chat/:id');
  });

  it('/chat/:id with the scam warning', async () => {
    const stranger = await createMemberViaApi('Kévin', 'homme');
    const chat = await callApi('/chats/create', { other_user_id: awa.id }, stranger.token);
    const strangerChat = Number(chat.data?.chat_id);
    const text = 'Stp envoie moi 5000f par orange money';
    await callApi('/messages/text', { chat_id: strangerChat, content: text }, stranger.token);
    const page = await memberPage(awa);
    await page.goto(`/chat/${strangerChat}`);
    await page.getByTestId('message-list').getByText(text).waitFor();
    await page.getByRole('button', { name: 'Ignorer' }).waitFor();
    await checkScreen(page, '/chat/:id (scam warning)');
  });

  it('/buy-coins', async () => {
    const page = await memberPage(awa);
    await page.goto('/buy-coins');
    await page.getByText('Populaire').waitFor();
    await checkScreen(page, '/buy-coins');
  });

  it('/profile (the account menu)', async () => {
    const page = await memberPage(awa);
    await page.goto('/profile');
    await page.getByText('Modifier mon profil').first().waitFor();
    await checkScreen(page, '/profile');
  });

  it('/edit-profile', async () => {
    const page = await memberPage(awa);
    await page.goto('/edit-profile');
    await page.getByRole('heading', { name: 'Modifier le Profil' }).waitFor();
    await checkScreen(page, '/edit-profile');
  });

  it('/histoires (stories)', async () => {
    const page = await memberPage(awa);
    await page.goto('/histoires');
    await page.getByTestId('story-card').first().waitFor();
    await checkScreen(page, '/histoires');
  });

  it('/support', async () => {
    const page = await memberPage(awa);
    await page.goto('/support');
    await page.getByRole('heading', { name: 'Support' }).first().waitFor();
    await checkScreen(page, '/support');
  });

  it("/step1 (the wizard's photo step, with a picture to crop, then cropped)", async () => {
    const email = `axe.wizard.${Date.now()}@exemple.bf`;
    const reg = await callApi('/register', {
      email,
      password: 'Baobab-Fleuri-77',
      device_hash: `e2e-${email}`,
    });
    const code = /\b(\d{6})\b/.exec((await waitForMail(email)).text)?.[1] ?? '';
    await callApi('/verify-otp', { email, otp_code: code });
    const page = await newPage();
    await page.addInitScript({
      content: `localStorage.setItem('token', ${JSON.stringify(String(reg.data?.token))});`,
    });
    await page.goto('/step1');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'moi.jpg',
      mimeType: 'image/jpeg',
      buffer: await sharp({
        create: { width: 900, height: 1200, channels: 3, background: '#b45a3c' },
      })
        .jpeg()
        .toBuffer(),
    });
    const apply = page.getByRole('button', { name: 'Valider le recadrage' });
    await apply.waitFor();
    await checkScreen(page, '/step1 (cropping)');
    await apply.click();
    await page.getByRole('button', { name: 'Suivant' }).waitFor();
    await checkScreen(page, '/step1 (photo chosen)');
  });
});
