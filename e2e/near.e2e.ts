/**
 * /near end to end, in Gaoua (far from the towns other specs use, so only this file's members
 * are around): Ousmane looks from the centre of town, Nafi lives there too and Fanta about 30 km
 * north. Map tiles never load in tests (no internet; their requests are aborted so the outcome
 * does not depend on the machine), so the page says the background did not load, under the map
 * and over none of it (screenshot edge-6-map-tiles-failed.png), and the markers still work: tapping Nafi's marker
 * opens her bottom sheet with 'À 1 km de vous'. The 'Filtres' modal narrows the distance and
 * the ages, and the list and the markers follow. The zoom buttons move one level at a time and
 * stop at 20 and at 1; zoomed far out, Nafi and Fanta are one counted cluster. In Dédougou, six
 * members close together are one badge « 6 membres, zoomer » that splits as it is tapped; the
 * map shows photos and counts, never a name, and a photo opens the sheet with the name (the
 * screenshot map-clusters.png shows the badge).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { baseUrl } from './support/harness.js';
import { callApi, createMemberViaApi, type E2EMember } from './support/members.js';
import { quietPage } from './support/quiet-page.js';
import { RESULTS_DIR } from './support/paths.js';

const GAOUA = { latitude: 10.33, longitude: -3.18 };
/** 0.27° of latitude north: about 30 km. */
const GAOUA_NORTH = { latitude: 10.6, longitude: -3.18 };
/** Far from Gaoua and the other specs' towns: the cluster test's own crowd. */
const DEDOUGOU = { latitude: 12.46, longitude: -3.46 };
const DEFAULT_ZOOM = 13;
const TILE = /\/(\d+)\/-?\d+\/-?\d+\.png$/;
/** Screens wait for the phone's position before their first fetch: poll long enough. */
const POLL = { timeout: 15_000 };

/** The viewer's /near page with the phone at `at` and every map tile failing. */
async function nearPageAt(member: E2EMember, at: typeof GAOUA): Promise<Page> {
  // No service worker, so the page itself makes (and fails) the tile requests. The welcome
  // and daily-reward modals stay closed: one opening over the map took a marker's tap.
  const page = await quietPage(member, { serviceWorkers: 'block' });
  await page.context().route(
    (url) => TILE.test(url.pathname) && url.origin !== baseUrl,
    (route) => route.abort('internetdisconnected'),
  );
  await page.context().grantPermissions(['geolocation'], { origin: baseUrl });
  await page.context().setGeolocation(at);
  await page.goto('/near');
  return page;
}

/** Distances the server gives `viewer` from `at` with the default filters, by member id. */
async function serverDistances(viewer: E2EMember, at: typeof GAOUA) {
  const res = await callApi(
    '/location/nearby',
    { ...at, radius: 50, min_age: 18, max_age: 99 },
    viewer.token,
  );
  const list: unknown = res.data;
  if (!Array.isArray(list)) throw new Error('/location/nearby: data is not a list');
  return new Map(
    list.map((u: { id: number; distance: number }) => [Number(u.id), Number(u.distance)]),
  );
}

interface MapView {
  /** Leaflet marks its panes while a zoom animates (taps then are not taken). */
  moving: boolean;
  /** The zoom levels of the tiles it shows (asks for). */
  tileLevels: number[];
  /** On screen widths of those tiles: 256 px, or more when a level is shown enlarged. */
  tileWidths: number[];
}

/** What the map shows, read in one go so an animation cannot start half-way through. */
function mapView(map: Locator): Promise<MapView> {
  return map.evaluate((el, tile) => {
    // Tile addresses are absolute and end with the path the pattern reads.
    const tiles = [...el.querySelectorAll('img.leaflet-tile')];
    const srcs = tiles.map((t) => t.getAttribute('src') ?? '');
    return {
      moving: el.querySelector('.leaflet-zoom-anim') !== null,
      tileLevels: [...new Set(srcs.map((p) => Number(new RegExp(tile).exec(p)?.[1])))],
      tileWidths: [...new Set(tiles.map((t) => Math.round(t.getBoundingClientRect().width)))],
    };
  }, TILE.source);
}

/**
 * The map's zoom level as a member sees it, or null while it moves. Levels 1–19 are those of
 * the tiles it asks for; level 20 reuses level 19's tiles shown twice as wide.
 */
async function zoomOf(map: Locator) {
  const view = await mapView(map);
  const [level, ...others] = view.tileLevels;
  const [width, ...otherWidths] = view.tileWidths;
  if (view.moving || level === undefined || others.length > 0) return null;
  if (width === undefined || otherWidths.length > 0) return null;
  const steps = Math.log2(width / 256);
  return Math.abs(steps - Math.round(steps)) < 0.05 ? level + Math.round(steps) : null;
}

describe('nearby map', () => {
  it(
    'lists and pins nearby members despite failing tiles, opens the sheet with the distance, follows the filters and clamps the zoom',
    { timeout: 90_000 },
    async () => {
      const [ousmane, nafi, fanta] = await Promise.all([
        createMemberViaApi('Ousmane', 'homme'),
        createMemberViaApi('Nafi'),
        createMemberViaApi('Fanta'),
      ]);
      await callApi('/location/update', GAOUA, ousmane.token);
      await callApi('/location/update', GAOUA, nafi.token);
      await callApi('/location/update', GAOUA_NORTH, fanta.token);
      const distances = await serverDistances(ousmane, GAOUA);
      const fantaKm = distances.get(fanta.id);
      expect(distances.get(nafi.id)).toBe(1);
      expect(fantaKm).toBeGreaterThanOrEqual(29);

      const page = await nearPageAt(ousmane, GAOUA);
      const map = page.getByRole('application', { name: 'À proximité' });
      const list = page.getByRole('region', { name: 'Personnes à proximité' });
      const row = (name: string) => list.getByRole('button').filter({ hasText: name });
      await row('Nafi').waitFor({ timeout: POLL.timeout });
      await row('Fanta').waitFor();
      expect(await list.getByRole('listitem').count()).toBe(2);
      // Both carry the same birth date: one age, read from the list.
      const nafiLabel = /Nafi, \d+ ans/.exec((await row('Nafi').textContent()) ?? '')?.[0] ?? '';
      const age = Number(/(\d+) ans/.exec(nafiLabel)?.[1]);
      expect(age).toBeGreaterThanOrEqual(18);
      const fantaLabel = `Fanta, ${age} ans`;
      await row('Fanta').getByText(`À ${fantaKm} km de vous`).waitFor();

      // No tiles: said as it is (no word of authentication), under the map, over nothing of it.
      const failed = page.getByRole('status').filter({ hasText: 'Le fond de carte' });
      await failed
        .getByText(
          "Le fond de carte ne s'est pas chargé (connexion lente ou coupée). Les membres restent sur la carte et dans la liste.",
        )
        .waitFor(POLL);
      expect(await page.getByText(/authentification/).count()).toBe(0);
      const nafiPin = map.getByRole('button', { name: nafiLabel });
      const fantaPin = map.getByRole('button', { name: fantaLabel });
      await expect.poll(() => nafiPin.count()).toBe(1);
      const [mapBox, noticeBox, pinBox] = await Promise.all([
        map.boundingBox(),
        failed.boundingBox(),
        nafiPin.boundingBox(),
      ]);
      if (!mapBox || !noticeBox || !pinBox) throw new Error('map, notice or pin not laid out');
      expect(noticeBox.y).toBeGreaterThanOrEqual(mapBox.y + mapBox.height);
      // The pin is the topmost thing where a finger taps it.
      const pinOnTop = await page.evaluate(
        `(() => {
          const el = document.elementFromPoint(${pinBox.x + pinBox.width / 2}, ${pinBox.y + pinBox.height / 2});
          return !!el && !!el.closest('[aria-label=${JSON.stringify(nafiLabel)}]');
        })()`,
      );
      expect(pinOnTop).toBe(true);
      fs.mkdirSync(RESULTS_DIR, { recursive: true });
      await page.screenshot({ path: path.join(RESULTS_DIR, 'edge-6-map-tiles-failed.png') });
      // Fanta, 30 km north, is far off screen: markers are drawn only around the view.
      expect(await fantaPin.count()).toBe(0);

      // Tapping Nafi's marker opens her sheet.
      await nafiPin.click();
      const nafiSheet = page.getByRole('dialog', { name: nafiLabel });
      await nafiSheet.getByText('À 1 km de vous').waitFor();
      await nafiSheet.getByRole('button', { name: 'Envoyer un message' }).waitFor();
      await page.keyboard.press('Escape');
      await nafiSheet.waitFor({ state: 'detached' });
      // Fanta's marker is off screen at this zoom; her row opens hers.
      await row('Fanta').click();
      const fantaSheet = page.getByRole('dialog', { name: fantaLabel });
      await fantaSheet.getByText(`À ${fantaKm} km de vous`).waitFor();
      await page.keyboard.press('Escape');
      await fantaSheet.waitFor({ state: 'detached' });

      // Zoom: one level per tap, never past 20 nor below 1.
      await expect.poll(() => zoomOf(map), POLL).toBe(DEFAULT_ZOOM);
      const zoomIn = page.getByRole('button', { name: 'Zoom avant' });
      const zoomOut = page.getByRole('button', { name: 'Zoom arrière' });
      const zoomTo = async (button: Locator, level: number) => {
        await button.click();
        await expect.poll(() => zoomOf(map), POLL).toBe(level);
      };
      for (let level = DEFAULT_ZOOM + 1; level <= 20; level++) await zoomTo(zoomIn, level);
      // One more tap stays at 20: the next zoom out is 19.
      await zoomIn.click();
      await zoomTo(zoomOut, 19);
      for (let level = 18; level >= 1; level--) await zoomTo(zoomOut, level);
      // One more tap stays at 1: the next zoom in is 2.
      await zoomOut.click();
      await zoomTo(zoomIn, 2);
      // From this far out the two are one counted cluster.
      const pair = map.getByRole('button', { name: '2 membres, zoomer' });
      await expect.poll(() => pair.count()).toBe(1);
      expect(await nafiPin.count()).toBe(0);

      // Filters: 10 km leaves Fanta out of the list and off the map.
      const openFilters = async () => {
        await page.getByRole('button', { name: 'Filtres' }).click();
        const dialog = page.getByRole('dialog', { name: 'Filtres' });
        await dialog.waitFor();
        return dialog;
      };
      let filters = await openFilters();
      const slider = filters.getByRole('slider');
      expect(await slider.inputValue()).toBe('50');
      await slider.focus();
      await page.keyboard.press('Home');
      for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowRight');
      await filters.getByText('10 km', { exact: true }).waitFor();
      await filters.getByRole('button', { name: 'Appliquer' }).click();
      await filters.waitFor({ state: 'detached' });
      await expect.poll(() => row('Fanta').count(), POLL).toBe(0);
      await expect.poll(() => nafiPin.count()).toBe(1);
      expect(await pair.count()).toBe(0);
      expect(await fantaPin.count()).toBe(0);
      expect(await row('Nafi').count()).toBe(1);

      // Ages above theirs: nobody, and the empty state says what to do.
      filters = await openFilters();
      expect(await filters.getByRole('slider').inputValue()).toBe('10');
      await filters.getByLabel('Âge minimum').fill(String(age + 1));
      await filters.getByRole('button', { name: 'Appliquer' }).click();
      await page
        .getByText('Personne à proximité pour le moment. Élargissez la distance dans les filtres.')
        .waitFor(POLL);
      await expect.poll(() => list.count()).toBe(0);
      await expect.poll(() => nafiPin.count()).toBe(0);

      // Their exact age and the full distance: both back, in the list and on the map.
      filters = await openFilters();
      await filters.getByLabel('Âge minimum').fill(String(age));
      await filters.getByLabel('Âge maximum').fill(String(age));
      await filters.getByRole('slider').focus();
      await page.keyboard.press('End');
      await filters.getByText('100 km', { exact: true }).waitFor();
      await filters.getByRole('button', { name: 'Appliquer' }).click();
      await expect.poll(() => list.getByRole('listitem').count(), POLL).toBe(2);
      // Back as one cluster; tapping it zooms in until they stand apart.
      await expect.poll(() => pair.count()).toBe(1);
      await pair.click();
      await expect.poll(() => nafiPin.count(), POLL).toBe(1);
      await expect.poll(() => fantaPin.count()).toBe(1);
      expect(await pair.count()).toBe(0);
      await expect.poll(() => zoomOf(map), POLL).toBeGreaterThan(2);
    },
  );

  it(
    'groups members close together into a counted cluster that splits when tapped, with names only on the sheet',
    { timeout: 90_000 },
    async () => {
      const names = ['Awa', 'Mariam', 'Salif', 'Kadi', 'Rasmata', 'Binta'];
      const [issa, crowd] = await Promise.all([
        createMemberViaApi('Issa', 'homme'),
        Promise.all(names.map((name) => createMemberViaApi(name))),
      ]);
      // One stored place for all: their markers are 300 to 800 m around it.
      for (const member of [issa, ...crowd]) {
        await callApi('/location/update', DEDOUGOU, member.token);
      }

      const page = await nearPageAt(issa, DEDOUGOU);
      const map = page.getByRole('application', { name: 'À proximité' });
      const list = page.getByRole('region', { name: 'Personnes à proximité' });
      await expect.poll(() => list.getByRole('listitem').count(), POLL).toBe(names.length);

      // Two levels out, 1.6 km is about 20 px: all six are one badge that says how many.
      await expect.poll(() => zoomOf(map), POLL).toBe(DEFAULT_ZOOM);
      const zoomOut = page.getByRole('button', { name: 'Zoom arrière' });
      await zoomOut.click();
      await expect.poll(() => zoomOf(map), POLL).toBe(DEFAULT_ZOOM - 1);
      await zoomOut.click();
      await expect.poll(() => zoomOf(map), POLL).toBe(DEFAULT_ZOOM - 2);
      const markers = map.getByRole('button');
      const clusters = map.getByRole('button', { name: /^\d+ membres, zoomer$/ });
      const all = map.getByRole('button', { name: `${names.length} membres, zoomer` });
      await expect.poll(() => markers.count(), POLL).toBe(1);
      expect(await all.innerText()).toBe(String(names.length));

      // No name anywhere on the map: they are in the list and on the sheet.
      const expectNoNames = async () => {
        const shown = await map.innerText();
        for (const name of names) expect(shown).not.toContain(name);
      };
      await expectNoNames();
      fs.mkdirSync(RESULTS_DIR, { recursive: true });
      await page.screenshot({ path: path.join(RESULTS_DIR, 'map-clusters.png') });

      // Tapping the badge zooms in and splits it; badges are tapped until someone stands alone.
      await all.click();
      await expect.poll(() => markers.count(), POLL).toBeGreaterThan(1);
      await expect.poll(() => zoomOf(map), POLL).toBeGreaterThan(DEFAULT_ZOOM - 2);
      const singles = map.getByRole('button', { name: / ans$/ });
      for (let taps = 0; taps < 8 && (await singles.count()) === 0; taps++) {
        const level = await zoomOf(map);
        await clusters.first().click();
        await expect.poll(() => zoomOf(map), POLL).toBeGreaterThan(level ?? 0);
      }
      const single = singles.first();
      const label = (await single.getAttribute('aria-label')) ?? '';
      expect(names.some((name) => label.startsWith(`${name}, `))).toBe(true);
      await expectNoNames();

      // A member's photo opens the sheet, which does show the name.
      await single.click();
      const sheet = page.getByRole('dialog', { name: label });
      await sheet.getByRole('heading', { name: label }).waitFor();
      await sheet.getByRole('button', { name: 'Envoyer un message' }).waitFor();
    },
  );
});
