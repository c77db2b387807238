import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MACHINE_STATUSES } from '@serwis/domain';
import { field, launchBrowser, loginAs, stopAtFirstFailure } from '../support/browser';
import {
  TILE_RGB,
  decodePng,
  hexRgb,
  newPageAt,
  startAppServer,
  startFakeGeocoder,
  startTileServer,
  type AppServer,
  type LocalService,
} from '../support/places-kit';
import { apiCall, downloadedBytes, runTag } from '../support/register-kit';
import { openNavigationMenu, openTab } from '../support/service-kit';

/*
 * Places as a new user tries them: two machines placed (address search, map click), the machine map
 * in status colours, the website snapshot read without a session, hotels near a machine, a branch,
 * and a USER kept away from branches. Tiles and geocoding come from local servers.
 */

const tag = runTag();
const KRAKOW = { lat: 50.0619474, lon: 19.9368564 };
/** km per degree of latitude on the mean sphere: hotels due north are exactly this far. */
const KM_PER_DEG = 111.19508023;
const statusColour = (name: string) => MACHINE_STATUSES.find((s) => s.name === name)!.colorBackground;
const OK_GREEN = statusColour('OK');
const BROKEN_RED = statusColour('BROKEN');
const cssRgb = (hex: string) => `rgb(${hexRgb(hex).join(', ')})`;
const user = {
  userName: 'Serwisant',
  firstName: 'Piotr',
  lastName: `Mapowy${tag}`,
  email: `piotr.${tag.toLowerCase()}@firma.pl`,
  country: 'Polska',
  password: `Mapy-${tag}-2024`,
};

let tiles: LocalService;
let geocoder: LocalService;
let app: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const ids = { own: 0, external: 0 };
const ownName = `Laser mapowy ${tag}`;
const externalName = `Prasa obca ${tag}`;

describe('places: machine map, website snapshot, hotels and branches', () => {
  stopAtFirstFailure(() => page);

  beforeAll(async () => {
    tiles = await startTileServer();
    geocoder = await startFakeGeocoder({
      'Rynek Główny 1, Kraków': { ...KRAKOW, label: 'Rynek Główny 1, 31-042 Kraków, Polska' },
      'Hotel Dziesięć': { lat: KRAKOW.lat + 10 / KM_PER_DEG, lon: KRAKOW.lon, label: 'Hotel Dziesięć' },
      'Hotel Czterdzieści': {
        lat: KRAKOW.lat + 40 / KM_PER_DEG,
        lon: KRAKOW.lon,
        label: 'Hotel Czterdzieści',
      },
      'Hotel Trzysta': { lat: KRAKOW.lat + 300 / KM_PER_DEG, lon: KRAKOW.lon, label: 'Hotel Trzysta' },
    });
    app = await startAppServer({
      MAP_TILE_URL: `${tiles.url}/{z}/{x}/{y}.png`,
      MAP_TILE_ATTRIBUTION: 'Kafelki testowe',
      GEOCODER_URL: geocoder.url,
      GEOCODER_INTERVAL_MS: '200',
    });
    browser = await launchBrowser();
    ({ context, page } = await newPageAt(browser, app.baseUrl));
    await loginAs(page, app.adminEmail, app.adminPassword);
    const customer = await apiCall<{ id: number }>(context, 'POST', '/api/customer/insert', {
      shortName: `Mapy ${tag}`,
    });
    const category = await apiCall<{ id: number }>(context, 'POST', '/api/category/insert', {
      name: `Kategoria mapy ${tag}`,
    });
    const machine = { category: { id: category.id }, customer: { id: customer.id } };
    ids.own = (
      await apiCall<{ id: number }>(context, 'POST', '/api/device/insert', {
        ...machine,
        name: ownName,
        status: 'OK',
        type: 'INTERNAL',
      })
    ).id;
    ids.external = (
      await apiCall<{ id: number }>(context, 'POST', '/api/device-external/insert', {
        ...machine,
        name: externalName,
        status: 'BROKEN',
      })
    ).id;
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
    await tiles?.stop();
    await geocoder?.stop();
  });

  const position = async (id: number) =>
    apiCall<{ gpsLatitude: number | null; gpsLongitude: number | null }>(
      context,
      'GET',
      `/api/device/findById/${id}`,
    );

  it('places the own machine by address search and saves: "Zapisano"', async () => {
    await page.goto(`/machineEdit?id=${ids.own}`);
    await openTab(page, 'Lokalizacja');
    await page.getByText('Wybierz lokalizację na mapie...').waitFor();
    await page.getByRole('textbox', { name: 'Wyszukaj adres' }).fill('Rynek Główny 1, Kraków');
    await page.getByRole('button', { name: 'Szukaj' }).click();
    // Six decimals (about 10 cm) are kept.
    await expect.poll(() => field(page, 'Szerokość geograficzna').inputValue()).toBe('50.061947');
    await page.getByRole('button', { name: 'Zapisz lokalizację' }).click();
    await page.getByRole('status', { name: 'Wynik zapisu' }).filter({ hasText: 'Zapisano' }).waitFor();
    expect(await position(ids.own)).toMatchObject({ gpsLatitude: 50.061947, gpsLongitude: 19.936856 });
    // The tiles came from the local tile server.
    expect(tiles.requests.length).toBeGreaterThan(0);
  });

  it('places the external machine by a click on its map', async () => {
    await page.goto(`/machineExternalEdit?id=${ids.external}`);
    await openTab(page, 'Lokalizacja');
    const map = page.getByRole('region', { name: 'Mapa lokalizacji maszyny' });
    await map.waitFor();
    const box = (await map.boundingBox())!;
    await map.click({ position: { x: box.width / 2 + 60, y: box.height / 2 - 30 } });
    await expect.poll(() => field(page, 'Szerokość geograficzna').inputValue()).not.toBe('');
    await page.getByRole('button', { name: 'Zapisz lokalizację' }).click();
    await page.getByRole('status', { name: 'Wynik zapisu' }).filter({ hasText: 'Zapisano' }).waitFor();
    const saved = await position(ids.external);
    // A little north-east of the §9 centre (51.06, 19.11) at zoom 6.
    expect(saved.gpsLatitude).toBeGreaterThan(51.06);
    expect(saved.gpsLatitude).toBeLessThan(53);
    expect(saved.gpsLongitude).toBeGreaterThan(19.11);
    expect(saved.gpsLongitude).toBeLessThan(22);
  });

  it('shows both machines on /map in their status colours, with a legend and a popup to the card', async () => {
    await openNavigationMenu(page, 'Maszyny', 'Mapa maszyn');
    await page.waitForURL('**/map');
    await page.getByText('Maszyn na mapie: 2').waitFor();
    await page.getByRole('list', { name: 'Legenda' }).getByText('Pilna awaria').waitFor();
    // The machines are decoded and grouped in the map's worker: the page never loaded the engine
    // it runs itself only without one.
    expect(page.workers().map((worker) => new URL(worker.url()).pathname)).toContainEqual(
      expect.stringMatching(/^\/assets\/map-index\.worker-.+\.js$/),
    );
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    expect(scripts.filter((name) => name.includes('map-engine'))).toEqual([]);
    const own = page.getByTitle(ownName);
    const external = page.getByTitle(externalName);
    await own.waitFor();
    await external.waitFor();
    const fill = (marker: typeof own) =>
      marker
        .locator('span')
        .first()
        .evaluate((node) => getComputedStyle(node).backgroundColor);
    expect(await fill(own)).toBe(cssRgb(OK_GREEN));
    expect(await fill(external)).toBe(cssRgb(BROKEN_RED));
    // The status is told by a sign too, not by its colour alone.
    expect(await own.textContent()).toBe('✓');
    expect(await external.textContent()).toBe('!');
    await page
      .getByText(`${app.baseUrl}/api/storage/download-public-file?fileName=machines-map.png`)
      .waitFor();

    await own.click();
    await page.getByRole('link', { name: 'Otwórz kartę maszyny' }).click();
    await page.waitForURL(`**/machineEdit?id=${ids.own}&prev=map`);
    await page.goBack();
    await page.getByText('Maszyn na mapie: 2').waitFor();
  });

  it('takes the website snapshot and offers the current version for download', async () => {
    const button = page.getByRole('button', { name: 'Zrób zrzut mapy dla strony www' });
    // The button reads "...trwa generowanie" while the image is made (briefly: the tiles are local).
    await page.evaluate(() => {
      const flag = window as unknown as { generatingSeen: boolean };
      flag.generatingSeen = false;
      new MutationObserver(() => {
        if (document.body.textContent?.includes('...trwa generowanie')) flag.generatingSeen = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await button.click();
    await page.getByRole('alert').filter({ hasText: 'Zapisano zrzut mapy.' }).waitFor({ timeout: 30_000 });
    await button.waitFor();
    expect(await page.evaluate(() => (window as unknown as { generatingSeen: boolean }).generatingSeen)).toBe(
      true,
    );
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Pobierz aktualną wersję mapy' }).click();
    const bytes = await downloadedBytes(await download);
    expect(decodePng(bytes).width).toBe(1100);
  });

  it('serves machines-map.png to a browser without a session: 1100×1100, tiles and both marker colours', async () => {
    const { context: anonymous, page: stranger } = await newPageAt(browser, app.baseUrl);
    try {
      const response = await stranger.goto('/api/storage/download-public-file?fileName=machines-map.png');
      expect(response!.status()).toBe(200);
      expect(response!.headers()['content-type']).toBe('image/png');
      const image = decodePng(await response!.body());
      expect([image.width, image.height]).toEqual([1100, 1100]);
      expect(image.count(TILE_RGB, 2)).toBeGreaterThan(500_000);
      // A 40×40 marker is about 1,000 pixels of its fill colour.
      expect(image.count(hexRgb(OK_GREEN))).toBeGreaterThan(300);
      expect(image.count(hexRgb(BROKEN_RED))).toBeGreaterThan(300);
      // Nothing else is readable without a session.
      const other = await stranger.goto(`/api/device/findById/${ids.own}`);
      expect(other!.status()).toBe(401);
    } finally {
      await anonymous.close();
    }
  });

  it('adds hotels 10, 40 and 300 km away and lists the first two, nearest first, with distances', async () => {
    await page.goto(`/machineEdit?id=${ids.own}`);
    await openTab(page, 'Hotele');
    for (const name of ['Hotel Trzysta', 'Hotel Czterdzieści', 'Hotel Dziesięć']) {
      await page.getByRole('button', { name: 'Dodaj hotel' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nowy hotel' });
      await dialog.waitFor();
      await field(dialog, 'Nazwa').fill(name);
      await dialog.getByRole('textbox', { name: 'Wyszukaj adres' }).fill(name);
      await dialog.getByRole('button', { name: 'Szukaj' }).click();
      await dialog.getByText(/^Położenie: /).waitFor();
      await dialog.getByRole('button', { name: 'Zapisz' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    const table = page.getByRole('table', { name: 'Hotele w pobliżu' });
    await expect
      .poll(async () =>
        (await table.locator('tbody tr').all()).length === 2
          ? Promise.all(
              (await table.locator('tbody tr').all()).map(async (row) => [
                await row.locator('td').nth(0).textContent(),
                await row.locator('td').nth(3).textContent(),
              ]),
            )
          : null,
      )
      .toEqual([
        ['Hotel Dziesięć', '10,0 km'],
        ['Hotel Czterdzieści', '40,0 km'],
      ]);
  });

  it('adds a branch on the Oddziały map and shows it there', async () => {
    await page.goto('/myAccount');
    await page.getByRole('tab', { name: 'Oddziały' }).click();
    const panel = page.getByRole('region', { name: 'Panel oddziału' });
    await panel.getByText('Liczba oddziałów: 0').waitFor();
    await page.getByRole('button', { name: 'Dodaj oddział' }).click();
    await panel.getByText('Wprowadź dane oddziału').waitFor();
    await field(panel, 'Nazwa').fill(`Oddział Kraków ${tag}`);
    await field(panel, 'Strona www').fill('firma.pl/krakow');
    const map = page.getByRole('region', { name: 'Mapa oddziałów' });
    const box = (await map.boundingBox())!;
    await map.click({ position: { x: box.width / 2 + 40, y: box.height / 2 + 60 } });
    await panel.getByText(/^Położenie: /).waitFor();
    await panel.getByRole('button', { name: 'Zapisz' }).click();
    await panel.getByRole('heading', { name: `Oddział Kraków ${tag}` }).waitFor();
    expect(await panel.getByRole('link', { name: 'firma.pl/krakow' }).getAttribute('href')).toBe(
      '//firma.pl/krakow',
    );
    await page.getByTitle(`Oddział Kraków ${tag}`).waitFor();
    await page.getByRole('button', { name: 'Odśwież' }).click();
    await page.getByTitle(`Oddział Kraków ${tag}`).waitFor();
  });

  it('without tiles or geocoder still shows markers, and the search says it is unavailable', async () => {
    await tiles.stop();
    await geocoder.stop();
    await page.goto('/map');
    await page.getByTitle(ownName).waitFor();
    await page.getByTitle(externalName).waitFor();
    await page.goto(`/machineEdit?id=${ids.own}&activeTab=map`);
    await page.getByRole('textbox', { name: 'Wyszukaj adres' }).fill('Floriańska 3, Kraków');
    await page.getByRole('button', { name: 'Szukaj' }).click();
    await page
      .getByRole('alert')
      .filter({
        hasText: 'Wyszukiwanie adresów jest teraz niedostępne. Wskaż miejsce na mapie lub wpisz współrzędne.',
      })
      .waitFor();
    // Coordinates can still be typed and saved.
    await field(page, 'Szerokość geograficzna').fill('50.0645');
    await field(page, 'Długość geograficzna').fill('19.9415');
    await field(page, 'Szerokość geograficzna').focus();
    await page.getByRole('button', { name: 'Zapisz lokalizację' }).click();
    await page.getByRole('status', { name: 'Wynik zapisu' }).filter({ hasText: 'Zapisano' }).waitFor();
    expect(await position(ids.own)).toMatchObject({ gpsLatitude: 50.0645, gpsLongitude: 19.9415 });
  });

  it('keeps a USER away from branches: no Oddziały tab, 403 from every branch call', async () => {
    await apiCall(context, 'POST', '/api/user/insert', user);
    const { context: userContext, page: userPage } = await newPageAt(browser, app.baseUrl);
    try {
      await loginAs(userPage, user.email, user.password);
      await userPage.goto('/myAccount');
      await userPage.getByRole('tab', { name: 'Urlopy' }).waitFor();
      expect(await userPage.getByRole('tab', { name: 'Oddziały' }).count()).toBe(0);
      const headers = { 'X-Requested-With': 'XMLHttpRequest' };
      const calls = [
        await userContext.request.get('/api/branch/getAll', { headers }),
        await userContext.request.post('/api/branch/insert', {
          headers,
          data: { id: 0, name: 'Nie wolno', latitude: 50, longitude: 19 },
        }),
        await userContext.request.delete('/api/branch/deleteBranch/1', { headers }),
      ];
      for (const response of calls) {
        expect(response.status()).toBe(403);
        expect((await response.json()).message).toBe('Brak uprawnień do tej operacji.');
      }
    } finally {
      await userContext.close();
    }
  });
});
