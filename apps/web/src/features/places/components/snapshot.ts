import { MAP_VIEW, PUBLIC_MAP_SIZE } from '@serwis/domain';
import type { MachineDots } from './map-protocol';

const TILE = 256;

/** Web Mercator: world pixel of a position at a zoom level (the projection of the tiles). */
export function project(latitude: number, longitude: number, zoom: number) {
  const scale = TILE * 2 ** zoom;
  const lat = Math.max(-85.05112878, Math.min(85.05112878, latitude));
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((longitude + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

export function tileUrl(template: string, z: number, x: number, y: number) {
  return template
    .replace('{s}', 'a')
    .replace('{z}', String(z))
    .replace('{x}', String(x))
    .replace('{y}', String(y))
    .replace('{r}', '');
}

function loadTile(url: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const image = new Image();
    // CORS: a tile server without Access-Control-Allow-Origin gives no image rather than a tainted canvas.
    image.crossOrigin = 'anonymous';
    const timer = setTimeout(() => resolve(null), 5000);
    image.onload = () => {
      clearTimeout(timer);
      resolve(image);
    };
    image.onerror = () => {
      clearTimeout(timer);
      resolve(null);
    };
    image.src = url;
  });
}

/**
 * The website's map image: 1100×1100 around the §9 centre at zoom 7, whatever tiles load under
 * every machine's marker (40×40, in its two colours, in the order of `dots`); a plain background
 * where tiles are missing. Returns the PNG as base64 (a data: URL).
 */
export async function renderMapSnapshot(dots: MachineDots, template: string | undefined): Promise<string> {
  const size = PUBLIC_MAP_SIZE;
  const { center, zoom, markerSize } = { ...MAP_VIEW.machines, markerSize: MAP_VIEW.markerSize };
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas unavailable');
  context.fillStyle = '#e9ecef';
  context.fillRect(0, 0, size, size);
  const middle = project(center[0], center[1], zoom);
  const left = middle.x - size / 2;
  const top = middle.y - size / 2;
  if (template) {
    const count = 2 ** zoom;
    const jobs: Promise<void>[] = [];
    for (let tx = Math.floor(left / TILE); tx <= Math.floor((left + size) / TILE); tx++) {
      for (let ty = Math.floor(top / TILE); ty <= Math.floor((top + size) / TILE); ty++) {
        if (ty < 0 || ty >= count) continue;
        const wrapped = ((tx % count) + count) % count;
        jobs.push(
          loadTile(tileUrl(template, zoom, wrapped, ty)).then((image) => {
            if (image) context.drawImage(image, tx * TILE - left, ty * TILE - top, TILE, TILE);
          }),
        );
      }
    }
    await Promise.all(jobs);
  }
  const radius = markerSize / 2;
  const { positions, palette, colours } = dots;
  for (let i = 0; i < colours.length; i++) {
    const p = project(positions[2 * i], positions[2 * i + 1], zoom);
    const x = p.x - left;
    const y = p.y - top;
    if (x < -radius || y < -radius || x > size + radius || y > size + radius) continue;
    const [color1, color2] = palette[colours[i]];
    context.beginPath();
    context.arc(x, y, radius - 3, 0, 2 * Math.PI);
    context.fillStyle = color1;
    context.fill();
    context.lineWidth = 6;
    context.strokeStyle = color2;
    context.stroke();
  }
  return canvas.toDataURL('image/png');
}
