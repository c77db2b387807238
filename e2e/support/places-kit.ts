import { inject } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import type { ServerProcess } from './server-process';
import { startJourneyServer } from './app-server';

/*
 * The places journey needs map tiles and a geocoder, and no test may reach the internet: it starts
 * a local tile server, a local Nominatim stand-in and its own app server pointed at both.
 */

/** The colour of every tile, so a snapshot shows whether tiles made it onto the image. */
export const TILE_RGB = [181, 222, 190] as const;

function solidPng(size: number, rgb: readonly number[]): Buffer {
  const png = new PNG({ width: size, height: size });
  for (let i = 0; i < size * size; i++) {
    png.data[i * 4] = rgb[0];
    png.data[i * 4 + 1] = rgb[1];
    png.data[i * 4 + 2] = rgb[2];
    png.data[i * 4 + 3] = 255;
  }
  return PNG.sync.write(png);
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const close = (server: http.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

export interface LocalService {
  url: string;
  requests: string[];
  stop: () => Promise<void>;
}

/** `{url}/{z}/{x}/{y}.png`: one plain tile for every address, readable by a canvas (CORS). */
export async function startTileServer(): Promise<LocalService> {
  const tile = solidPng(256, TILE_RGB);
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    res.writeHead(200, {
      'Content-Type': 'image/png',
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': 'no-store',
    });
    res.end(tile);
  });
  server.keepAliveTimeout = 500;
  const url = await listen(server);
  return {
    url,
    requests,
    stop: async () => {
      server.closeAllConnections();
      await close(server);
    },
  };
}

export interface FakePlace {
  lat: number;
  lon: number;
  label: string;
}

/** A Nominatim stand-in answering `/search?q=` from `places` (exact query, any case). */
export async function startFakeGeocoder(places: Record<string, FakePlace>): Promise<LocalService> {
  const requests: string[] = [];
  const known = new Map(Object.entries(places).map(([q, p]) => [q.toLowerCase(), p]));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url.searchParams.get('q') ?? '');
    const place = known.get((url.searchParams.get('q') ?? '').toLowerCase());
    const body = place ? [{ lat: String(place.lat), lon: String(place.lon), display_name: place.label }] : [];
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  const url = await listen(server);
  return {
    url,
    requests,
    stop: async () => {
      server.closeAllConnections();
      await close(server);
    },
  };
}

/** The journey's own built server, with its tile server and geocoder (see server-process.ts). */
export type AppServer = ServerProcess;
export const startAppServer = (env: Record<string, string>): Promise<AppServer> => startJourneyServer(env);

/** A fresh profile at `baseUrl`, in Polish, desktop-sized (wide enough for the 1100 px map). */
export async function newPageAt(
  browser: Browser,
  baseUrl: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'pl-PL',
    timezoneId: inject('timeZone'),
    viewport: { width: 1600, height: 1000 },
    acceptDownloads: true,
  });
  context.setDefaultTimeout(15_000);
  return { context, page: await context.newPage() };
}

export interface DecodedPng {
  width: number;
  height: number;
  /** How many pixels are within `tolerance` of a colour on each channel. */
  count: (rgb: readonly number[], tolerance?: number) => number;
}

export function decodePng(bytes: Buffer): DecodedPng {
  const png = PNG.sync.read(bytes);
  return {
    width: png.width,
    height: png.height,
    count(rgb, tolerance = 6) {
      let n = 0;
      for (let i = 0; i < png.data.length; i += 4) {
        if (
          Math.abs(png.data[i] - rgb[0]) <= tolerance &&
          Math.abs(png.data[i + 1] - rgb[1]) <= tolerance &&
          Math.abs(png.data[i + 2] - rgb[2]) <= tolerance
        )
          n++;
      }
      return n;
    },
  };
}

/** `#2f9e44` → [47, 158, 68]. */
export const hexRgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
