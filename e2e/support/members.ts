/**
 * Members for browser flows, made through the real API: sign-up, the code from the mail that
 * reached the local SMTP server, and a completed profile with a generated photo. `signedInPage`
 * opens a phone-sized page already holding the member's session.
 */
import crypto from 'node:crypto';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { baseUrl } from './harness.js';
import { newPage, type PageOptions } from './browser.js';
import { waitForMail } from './mail.js';

export interface E2EMember {
  id: number;
  email: string;
  token: string;
  name: string;
}

let counter = 0;

/*
 * Each call comes from its own address, so the per-address sign-up limit of the one server the
 * whole run shares never trips. Every spec file loads this module afresh (its counter restarts),
 * hence a random block of addresses per file.
 */
const addressBlock = crypto.randomInt(0, 65_536);
let addressesUsed = 0;
function nextAddress(): string {
  const n = addressesUsed;
  addressesUsed += 1;
  const block = (addressBlock + Math.floor(n / 250)) % 65_536;
  return `10.${block >> 8}.${block & 255}.${(n % 250) + 1}`;
}

/** A POST to the run's server, or to `origin` (a flow's own server). */
async function api(path: string, body: object | FormData, token?: string, origin = baseUrl) {
  const isForm = body instanceof FormData;
  const res = await fetch(`${origin}/api${path}`, {
    method: 'POST',
    headers: {
      ...(isForm ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'x-forwarded-for': nextAddress(),
    },
    body: isForm ? body : JSON.stringify(body),
  });
  const json = (await res.json()) as {
    success: boolean;
    data?: Record<string, unknown>;
    message?: string;
  };
  if (!res.ok) throw new Error(`${path} → ${res.status} ${json.message ?? ''}`);
  return json;
}

export async function createMemberViaApi(
  name: string,
  gender: 'homme' | 'femme' = 'femme',
  /** A JPEG for the profile; a flat purple square when none is given. */
  picture?: Buffer,
  /** The server to sign up on: the run's unless a flow started its own. */
  origin = baseUrl,
): Promise<E2EMember> {
  counter += 1;
  const email = `${name.toLowerCase().replace(/[^a-z]/g, '')}.${Date.now()}.${counter}@exemple.bf`;
  const reg = await api(
    '/register',
    { email, password: 'Baobab-Fleuri-77', device_hash: `e2e-${email}` },
    undefined,
    origin,
  );
  const token = String(reg.data?.token);
  const mail = await waitForMail(email);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
  await api('/verify-otp', { email, otp_code: code }, undefined, origin);
  const photo =
    picture ??
    (await sharp({
      create: { width: 400, height: 400, channels: 3, background: '#8a4fff' },
    })
      .jpeg()
      .toBuffer());
  const form = new FormData();
  form.set('name', name);
  form.set('gender', gender);
  form.set('birth_date', '1996-06-15');
  form.set('locality', 'Ouagadougou, Burkina Faso');
  form.set('photo', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
  const done = await api('/complete-profile', form, token, origin);
  return { id: Number(done.data?.id), email, token, name };
}

export interface MemberPageOptions extends PageOptions {
  /** Leave the welcome and daily-reward modals to the flow, which checks them itself. */
  keepRewardModals?: boolean;
}

/**
 * A page of the app with the member signed in (token in local storage before any script).
 * A new member is welcomed with the signup gift (today's bonus inside the same modal), a member
 * on a later day gets the daily-reward modal, a moment after a shell screen loads, at a time a
 * slow machine cannot predict; whenever one of them covers what the flow taps, it is dismissed
 * as the member would.
 */
export async function signedInPage(
  member: E2EMember,
  { keepRewardModals = false, ...opts }: MemberPageOptions = {},
): Promise<Page> {
  const page = await newPage(opts);
  await page.addInitScript({
    content: `localStorage.setItem('token', ${JSON.stringify(member.token)});`,
  });
  if (!keepRewardModals) await dismissRewardModals(page);
  return page;
}

/** Taps « Commencer l'aventure » (welcome) or « Super ! » (daily reward) whenever one shows. */
export async function dismissRewardModals(page: Page): Promise<void> {
  for (const name of ["Commencer l'aventure", 'Super !']) {
    await page.addLocatorHandler(page.getByRole('button', { name, exact: true }), (button) =>
      button.click(),
    );
  }
}

export { api as callApi };
