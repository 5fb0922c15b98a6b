/**
 * A chat photo costs the member as little as it can (issue 26): the phone re-encodes it as WebP
 * no larger than the server keeps (1080 px), lighter still on mobile data or with « Économie de
 * données »; the bytes on the wire are those, read from the upload itself. The photo is a real
 * one (bench/fixtures/chat-photo.jpg, 720 x 960, 106 KB) and a camera-sized one (4000 x 3000).
 * Once sent, the sender's bubble shows the phone's own bytes: nothing is downloaded back.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { openChat, openConversation, sendPhoto } from './support/chats.js';
import { createMemberViaApi, signedInPage } from './support/members.js';
import { REPO_ROOT } from './support/paths.js';

const REAL_PHOTO = fs.readFileSync(path.join(REPO_ROOT, 'bench/fixtures/chat-photo.jpg'));

/**
 * Every file the page hands to fetch in a form, kept as base64 (Chromium does not show blob
 * bodies to the test): these are the bytes the multipart upload carries.
 */
const KEEP_UPLOADS = `(() => {
  const sent = (window.__uploads = []);
  const fetch0 = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    if (init && init.body instanceof FormData) {
      for (const [, value] of init.body.entries()) {
        if (value instanceof Blob) {
          const bytes = new Uint8Array(await value.arrayBuffer());
          let text = '';
          for (const b of bytes) text += String.fromCharCode(b);
          sent.push({ type: value.type, base64: btoa(text) });
        }
      }
    }
    return fetch0(input, init);
  };
})()`;

/** Sends `photo` and gives what went up the wire. */
async function upload(page: Page, photo: Buffer) {
  const before = (await page.evaluate('window.__uploads.length')) as number;
  await sendPhoto(page, photo, 'photo.jpg');
  await expect.poll(() => page.evaluate('window.__uploads.length')).toBe(before + 1);
  const file = (await page.evaluate(`window.__uploads[${before}]`)) as {
    type: string;
    base64: string;
  };
  const bytes = Buffer.from(file.base64, 'base64');
  const meta = await sharp(bytes).metadata();
  return {
    type: file.type,
    bytes,
    format: meta.format,
    longest: Math.max(meta.width ?? 0, meta.height ?? 0),
  };
}

describe('chat photo upload', () => {
  it('goes up as a WebP no larger than the server keeps, lighter on mobile data or with the data saver', async () => {
    const [a, b] = await Promise.all([
      createMemberViaApi('Issouf', 'homme'),
      createMemberViaApi('Aminata'),
    ]);
    const chatId = await openChat(a, b, 'Bonsoir Aminata', 'Bonsoir Issouf !');
    const page = await openConversation(a, chatId, 'Bonsoir Issouf !');
    await page.addInitScript(KEEP_UPLOADS);
    await page.reload();
    await page.getByTestId('message-list').getByText('Bonsoir Issouf !').waitFor();

    // The real photograph: already small in pixels, but re-encoded it costs far less.
    const fetchedBack: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/media\/private\/chats\//.test(r.url())) fetchedBack.push(r.url());
    });
    const real = await upload(page, REAL_PHOTO);
    expect(real.type).toBe('image/webp');
    expect(real.format).toBe('webp');
    expect(real.longest).toBe(960);
    expect(real.bytes.length).toBeLessThan(REAL_PHOTO.length * 0.6);
    // The stored message's bubble (no longer the waiting one) shows the photo, decoded...
    const storedPhoto = page.getByTestId('message').locator('img[alt="Photo"]');
    await storedPhoto.first().waitFor();
    await expect
      .poll(() =>
        storedPhoto.first().evaluate((img) => (img as { naturalWidth: number }).naturalWidth),
      )
      .toBeGreaterThan(0);
    // ...from the phone's own bytes: the sender downloads none of it back.
    expect(await storedPhoto.first().getAttribute('src')).toMatch(/^blob:/);
    expect(fetchedBack).toEqual([]);

    // A camera-sized photo comes down to the 1080 px the server keeps.
    const camera = await sharp({
      create: { width: 4000, height: 3000, channels: 3, background: '#b45309' },
    })
      .composite([{ input: REAL_PHOTO, gravity: 'center' }])
      .jpeg({ quality: 92 })
      .toBuffer();
    const big = await upload(page, camera);
    expect(big.format).toBe('webp');
    expect(big.longest).toBe(1080);

    // « Économie de données » on: smaller still.
    await page.evaluate("localStorage.setItem('data_saver', 'on')");
    await page.reload();
    await page.getByTestId('message-list').getByText('Bonsoir Issouf !').waitFor();
    const saver = await upload(page, camera);
    expect(saver.format).toBe('webp');
    expect(saver.longest).toBe(800);
    expect(saver.bytes.length).toBeLessThan(big.bytes.length);

    // On mobile data (as Chrome on Android reports it), the same lighter photo without asking.
    const phone = await signedInPage(a, { reportsConnection: true });
    await phone.addInitScript(KEEP_UPLOADS);
    const cdp = await phone.context().newCDPSession(phone);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      // Unthrottled in practice; Chromium reports the type only while some emulation is on.
      downloadThroughput: 50_000_000,
      uploadThroughput: 50_000_000,
      connectionType: 'cellular4g',
    });
    await phone.goto(`/chat/${chatId}`);
    await phone.getByTestId('message-list').getByText('Bonsoir Issouf !').waitFor();
    expect(await phone.evaluate('navigator.connection.type')).toBe('cellular');
    const mobile = await upload(phone, REAL_PHOTO);
    expect(mobile.format).toBe('webp');
    expect(mobile.longest).toBe(800);
    expect(mobile.bytes.length).toBeLessThan(real.bytes.length * 0.7);
  });
});
