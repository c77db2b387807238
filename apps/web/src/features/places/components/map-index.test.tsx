import { useEffect } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type L from 'leaflet';
import { MapContainer, useMap } from 'react-leaflet';
import { MemoryRouter } from 'react-router';
import Supercluster, { type ClusterProperties } from 'supercluster';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, type MapPoint } from '@serwis/domain';
import { giveElementsASize } from '../../../../test/map-size';
import { sampleMapPoint } from '../../../../test/samples';
import { ApiError } from '../../../lib/api-client';
import { CLUSTER_RADIUS, type BBox } from './cluster-core';
import { ClusterLayer } from './cluster-layer';
import { mapEngine } from './map-engine';
import { createMapIndex } from './map-index';
import type { MapEntry, MapFilter, MapRequest } from './map-protocol';
import { useMapIndex } from './use-map-index';

const point = (id: number, latitude: number, longitude: number, more: Partial<MapPoint> = {}): MapPoint =>
  sampleMapPoint({ id, name: `Maszyna ${id}`, latitude, longitude, ...more });

/** What a marker and its popup get of a machine: no more. */
const markerOf = ({ id, name, type, status, color1, color2, latitude, longitude }: MapPoint) => ({
  id,
  name,
  type,
  status,
  color1,
  color2,
  latitude,
  longitude,
});

/** The answer of with-gps-location-data as the query cache keeps it: its body, unread. */
const bodyOf = (body: unknown) => new Response(typeof body === 'string' ? body : JSON.stringify(body)).blob();

/** A dozen machines close together around Łódź, a pair at one spot in Kraków, and a few apart. */
const FLEET = [
  ...Array.from({ length: 12 }, (_, i) =>
    point(100 + i, 51.9 + (i % 4) * 0.01, 19.1 + i * 0.01, {
      status: i % 3 === 0 ? 'BROKEN' : 'OK',
      type: i < 4 ? 'EXTERNAL' : 'INTERNAL',
      categoryId: i % 2 ? 4 : 3,
    }),
  ),
  point(21, 50.06, 19.94, { name: 'Prasa A' }),
  point(22, 50.06, 19.94, { name: 'Prasa B', status: 'BROKEN', color1: '#c92a2a' }),
  point(1, 54.35, 18.65, { name: 'Gdańsk', type: 'EXTERNAL' }),
  point(2, 52.23, 21.01, { name: 'Warszawa', categoryId: 4 }),
  point(3, 40.42, -3.7, { name: 'Madryt', status: 'DANGER' }),
];
const EVERYTHING: MapFilter = { family: null, status: null, category: null };
const EUROPE: BBox = [-10, 35, 30, 60];
const MAX_ZOOM = 19;

/** Groups by their id and count, machines by their name: comparable whatever the order. */
const described = (entries: MapEntry[]) =>
  entries
    .map((e) =>
      e.kind === 'cluster'
        ? `group ${e.id} of ${e.count} at ${e.longitude.toFixed(5)},${e.latitude.toFixed(5)}`
        : `${e.machine.name} at ${e.longitude.toFixed(5)},${e.latitude.toFixed(5)}`,
    )
    .sort();
/** The names of every machine in view at the deepest zoom, groups opened. */
async function namesIn(index: ReturnType<typeof createMapIndex>) {
  const names: string[] = [];
  for (const entry of (await index.clusters([-180, -85, 180, 85], MAX_ZOOM))!) {
    if (entry.kind === 'point') names.push(entry.machine.name);
    else names.push(...(await index.leaves(entry.id))!.map((m) => m.name));
  }
  return names.sort();
}

describe('the map index in the page (no Worker, as in jsdom)', () => {
  it('answers the groups, expansion zooms and leaves that supercluster itself gives', async () => {
    expect(typeof Worker).toBe('undefined');
    const index = createMapIndex(MAX_ZOOM);
    expect(await index.show(await bodyOf(FLEET), EVERYTHING)).toBe(FLEET.length);
    const reference = new Supercluster<MapPoint>({ radius: CLUSTER_RADIUS, extent: 256, maxZoom: MAX_ZOOM });
    reference.load(
      FLEET.map((p) => ({
        type: 'Feature',
        properties: p,
        geometry: { type: 'Point', coordinates: [p.longitude, p.latitude] },
      })),
    );
    for (const zoom of [3, 7, 10, 20]) {
      const expected = reference.getClusters(EUROPE, zoom).map((f) => {
        const [longitude, latitude] = f.geometry.coordinates;
        const p = f.properties as MapPoint | ClusterProperties;
        return 'cluster' in p
          ? `group ${p.cluster_id} of ${p.point_count} at ${longitude.toFixed(5)},${latitude.toFixed(5)}`
          : `${p.name} at ${longitude.toFixed(5)},${latitude.toFixed(5)}`;
      });
      const entries = (await index.clusters(EUROPE, zoom))!;
      expect(described(entries)).toEqual(expected.sort());
      for (const entry of entries) {
        if (entry.kind === 'point') {
          // A single machine carries what its marker and popup show, and nothing else.
          expect(entry.machine).toEqual(markerOf(FLEET.find((p) => p.name === entry.machine.name)!));
          continue;
        }
        expect(await index.expansionZoom(entry.id)).toBe(reference.getClusterExpansionZoom(entry.id));
        expect(await index.leaves(entry.id)).toEqual(
          reference.getLeaves(entry.id, Infinity).map((f) => markerOf(f.properties)),
        );
      }
    }
    // The pair in Kraków stays a group at the deepest zoom, 2 machines listed.
    const krakow = (await index.clusters([19.9, 50, 20, 50.1], MAX_ZOOM))!;
    expect(krakow).toMatchObject([{ kind: 'cluster', count: 2 }]);
    expect(await index.expansionZoom((krakow[0] as { id: number }).id)).toBeGreaterThan(MAX_ZOOM);
    index.terminate();
  });

  it('counts and groups exactly the machines each filter lets through, as the screen filtered them', async () => {
    const index = createMapIndex(MAX_ZOOM);
    const body = await bodyOf(FLEET);
    const filters: MapFilter[] = [
      EVERYTHING,
      { family: 'INTERNAL', status: null, category: null },
      { family: 'EXTERNAL', status: null, category: null },
      { family: null, status: 'BROKEN', category: null },
      { family: null, status: null, category: '4' },
      { family: 'INTERNAL', status: 'BROKEN', category: '3' },
      { family: 'EXTERNAL', status: 'DANGER', category: null },
    ];
    const counts: number[] = [];
    for (const filter of filters) {
      const expected = FLEET.filter(
        (p) =>
          (!filter.family || p.type === filter.family) &&
          (!filter.status || p.status === filter.status) &&
          (!filter.category || p.categoryId === Number(filter.category)),
      );
      const count = await index.show(body, filter);
      counts.push(count!);
      expect(count).toBe(expected.length);
      expect(await namesIn(index)).toEqual(expected.map((p) => p.name).sort());
    }
    expect(counts).toEqual([17, 12, 5, 5, 7, 2, 0]);
    index.terminate();
  });

  it('drops what is out of date: a show replaced before its answer, a view replaced by the next', async () => {
    const index = createMapIndex(MAX_ZOOM);
    const body = await bodyOf(FLEET);
    const madrid: MapFilter = { family: null, status: 'DANGER', category: null };
    const first = index.show(body, EVERYTHING);
    const second = index.show(body, madrid);
    const tooEarly = index.clusters(EUROPE, 3);
    const lastView = index.clusters(EUROPE, 4);
    expect(await first).toBeNull();
    expect(await second).toBe(1);
    expect(await tooEarly).toBeNull();
    expect(described((await lastView)!)).toEqual(['Madryt at -3.70000,40.42000']);
    // A question asked before the next show gets nothing, not the new filter's answer to another id.
    expect(await index.show(body, EVERYTHING)).toBe(FLEET.length);
    const group = (await index.clusters(EUROPE, 3))!.find((e) => e.kind === 'cluster')!;
    const zoom = index.expansionZoom(group.id);
    const leaves = index.leaves(group.id);
    const view = index.clusters(EUROPE, 3);
    void index.show(body, madrid);
    expect(await zoom).toBeNull();
    expect(await leaves).toBeNull();
    expect(await view).toBeNull();
    // A new body (the list fetched again) replaces the old as a filter does.
    const again = await bodyOf(FLEET.slice(0, 3));
    const before = index.show(body, EVERYTHING);
    const after = index.show(again, EVERYTHING);
    expect(await before).toBeNull();
    expect(await after).toBe(3);
    index.terminate();
  });

  it('fails with the API’s Polish error when the body is no list of machines, then shows the next', async () => {
    const index = createMapIndex(MAX_ZOOM);
    for (const text of ['<html>Zaloguj się do sieci</html>', '{"message":"ok"}', '[{"id":1', '']) {
      const body = await bodyOf(text);
      const failure = await index.show(body, EVERYTHING).catch((e) => e);
      expect(failure).toBeInstanceOf(ApiError);
      expect(failure).toMatchObject({ message: MSG.connectionError, code: 'NOT_JSON' });
      // Every later filter of that body fails alike (not "0 machines"), and so does the image.
      await expect(index.show(body, { ...EVERYTHING, status: 'OK' })).rejects.toThrow(MSG.connectionError);
      await expect(index.everyMachine()).rejects.toThrow(MSG.connectionError);
    }
    expect(await index.show(await bodyOf(FLEET), EVERYTHING)).toBe(FLEET.length);
    index.terminate();
  });

  it('gives every machine, whatever the filter, as positions and a palette of colour pairs', async () => {
    const index = createMapIndex(MAX_ZOOM);
    await index.show(await bodyOf(FLEET), { family: null, status: 'DANGER', category: null });
    const dots = await index.everyMachine();
    expect(dots.positions).toBeInstanceOf(Float64Array);
    expect(Array.from(dots.positions)).toEqual(FLEET.flatMap((p) => [p.latitude, p.longitude]));
    expect(dots.colours).toBeInstanceOf(Uint8Array);
    expect(dots.colours).toHaveLength(FLEET.length);
    expect(Array.from(dots.colours, (c) => dots.palette[c])).toEqual(FLEET.map((p) => [p.color1, p.color2]));
    // One entry per pair of colours, not per machine.
    expect(dots.palette).toEqual([
      ['#2f9e44', '#ffffff'],
      ['#c92a2a', '#ffffff'],
    ]);
    index.terminate();
  });
});

/**
 * A Worker that runs the worker's engine. It answers each message a moment later, as a worker does,
 * except while held: then only when released, all in order.
 */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  received: MapRequest[] = [];
  transferred: unknown[][] = [];
  answersTransferred: unknown[][] = [];
  terminated = false;
  private engine = mapEngine();
  private queue: MapRequest[] = [];
  private held = true;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.made.push(this);
  }
  postMessage(message: MapRequest, transfer: Transferable[] = []) {
    this.transferred.push(transfer);
    // As postMessage does: a copy arrives, and what was transferred is gone from the sender.
    const copy = structuredClone(message, { transfer });
    this.received.push(copy);
    this.queue.push(copy);
    if (!this.held) setTimeout(() => this.answer(), 0);
  }
  private answer() {
    // The engine answers in order, each answer once its work is done (reading a body waits).
    for (const request of this.queue.splice(0)) {
      void this.engine(request).then(({ answer, transfer }) => {
        if (this.terminated) return;
        this.answersTransferred.push(transfer);
        this.onmessage?.({ data: structuredClone(answer, { transfer }) });
      });
    }
  }
  hold() {
    this.held = true;
  }
  release() {
    this.held = false;
    this.answer();
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
  terminate() {
    this.terminated = true;
  }
}

describe('the map index with a worker', () => {
  beforeEach(() => {
    FakeWorker.made = [];
    vi.stubGlobal('Worker', FakeWorker);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the worker the body unread, keeps it usable, and gets back only what is drawn', async () => {
    const index = createMapIndex(MAX_ZOOM);
    // No worker until the first question.
    expect(FakeWorker.made).toHaveLength(0);
    const machines = [
      point(1, 52.23, 21.01, { name: 'Warszawa' }),
      point(2, 40.42, -3.7, { name: 'Madryt' }),
    ];
    const body = await bodyOf(machines);
    const shown = index.show(body, EVERYTHING);
    const [worker] = FakeWorker.made;
    expect(worker.url.pathname).toMatch(/\/map-index\.worker\.ts$/);
    expect(worker.options).toEqual({ type: 'module' });
    const [load, filter] = worker.received;
    expect(load).toMatchObject({ type: 'load' });
    expect(filter).toMatchObject({ type: 'filter', filter: EVERYTHING, maxZoom: MAX_ZOOM });
    // The Blob itself goes (a handle: nothing is read or copied here), and the query cache's
    // stays whole for the next opening.
    expect(worker.transferred[0]).toEqual([]);
    expect(await (load as { body: Blob }).body.text()).toBe(JSON.stringify(machines));
    expect(await body.text()).toBe(JSON.stringify(machines));
    const view = index.clusters(EUROPE, 5);
    worker.release();
    expect(await shown).toBe(2);
    expect((await view)!.map((e) => e.kind === 'point' && e.machine)).toEqual(
      expect.arrayContaining(machines.map(markerOf)),
    );
    // The same body again (another filter): not sent again.
    expect(await index.show(body, { ...EVERYTHING, family: 'EXTERNAL' })).toBe(0);
    expect(worker.received.filter((r) => r.type === 'load')).toHaveLength(1);
    // The website's dots are moved to the page, not copied.
    const dots = await index.everyMachine();
    expect(Array.from(dots.positions)).toEqual([52.23, 21.01, 40.42, -3.7]);
    expect(worker.answersTransferred.at(-1)).toHaveLength(2);
    index.terminate();
    expect(worker.terminated).toBe(true);
    // Strict mode's second mount: the next show starts a new worker and sends the body again.
    expect(await Promise.race([index.show(body, EVERYTHING), Promise.resolve('waiting')])).toBe('waiting');
    const second = FakeWorker.made[1];
    expect(second.received.map((r) => r.type)).toEqual(['load', 'filter']);
  });

  it('moves the work into the page when the worker cannot start, or fails after answering', async () => {
    const index = createMapIndex(MAX_ZOOM);
    const shown = index.show(await bodyOf(FLEET), EVERYTHING);
    FakeWorker.made[0].fail();
    expect(FakeWorker.made[0].terminated).toBe(true);
    expect(await shown).toBe(FLEET.length);
    expect(
      (await index.clusters([18, 54, 19, 55], 10))!.map((e) => e.kind === 'point' && e.machine.id),
    ).toEqual([1]);

    // A worker that answered the body and a filter, then failed: the page rebuilds what it held.
    const other = createMapIndex(MAX_ZOOM);
    const madrid = other.show(await bodyOf(FLEET), { family: null, status: 'DANGER', category: null });
    const worker = FakeWorker.made[1];
    worker.release();
    expect(await madrid).toBe(1);
    worker.fail();
    expect(described((await other.clusters(EUROPE, 4))!)).toEqual(['Madryt at -3.70000,40.42000']);
    other.terminate();
  });

  describe('on the map', () => {
    giveElementsASize(800, 600);

    let map: L.Map;
    function MapProbe() {
      const current = useMap();
      useEffect(() => {
        map = current;
      }, [current]);
      return null;
    }
    /** The map screen's parts: the index of the screen, its count and the markers' layer. */
    function Screen({ body, filter }: { body: Blob; filter: MapFilter }) {
      const { index, shown } = useMapIndex(body, filter);
      return (
        <MemoryRouter>
          <output>Maszyn na mapie: {shown?.count ?? '…'}</output>
          <MapContainer center={[52, 19]} zoom={6} style={{ height: 600, width: 800 }}>
            <MapProbe />
            <ClusterLayer index={index} shown={shown} />
          </MapContainer>
        </MemoryRouter>
      );
    }
    const titles = () =>
      [...document.querySelectorAll('.leaflet-marker-icon[title]')]
        .map((e) => e.getAttribute('title') ?? '')
        .sort();
    const count = () => screen.getByRole('status').textContent;

    it('draws and counts only the last filter when it changes before the worker answered', async () => {
      const body = await bodyOf([
        point(1, 52.23, 21.01, { name: 'Warszawa' }),
        point(2, 50.06, 19.94, { name: 'Kraków', status: 'BROKEN' }),
      ]);
      const broken: MapFilter = { ...EVERYTHING, status: 'BROKEN' };
      const view = render(<Screen body={body} filter={EVERYTHING} />);
      const worker = FakeWorker.made[0];
      // A filter chosen while the first answer is still being worked out.
      view.rerender(<Screen body={body} filter={broken} />);
      const seen: string[] = [];
      const watch = new MutationObserver(() => seen.push(`${count()} ${titles().join(',')}`));
      watch.observe(document.body, { subtree: true, childList: true, characterData: true });
      worker.release();
      await waitFor(() => expect(titles()).toEqual(['Kraków']));
      expect(count()).toBe('Maszyn na mapie: 1');

      // Back to all, drawn; then a move and a filter before the worker answers either.
      view.rerender(<Screen body={body} filter={EVERYTHING} />);
      await waitFor(() => expect(titles()).toEqual(['Kraków', 'Warszawa']));
      expect(count()).toBe('Maszyn na mapie: 2');
      worker.hold();
      map.panBy([30, 0], { animate: false });
      view.rerender(<Screen body={body} filter={{ ...broken }} />);
      // The old filter's markers and count go at once.
      expect(titles()).toEqual([]);
      expect(count()).toBe('Maszyn na mapie: …');
      seen.length = 0;
      worker.release();
      // The worker answers in order: the old view's answer came before the one drawn now.
      await waitFor(() => expect(titles()).toEqual(['Kraków']));
      watch.disconnect();
      // Neither the old filter's markers nor its count were ever shown meanwhile.
      expect(seen.filter((s) => s.includes('Warszawa') || s.includes(': 2'))).toEqual([]);
      expect(count()).toBe('Maszyn na mapie: 1');
      expect(FakeWorker.made).toHaveLength(1);
      view.unmount();
      expect(worker.terminated).toBe(true);
    });

    it('after quick moves draws the last view, and a group zooms in from the worker’s answer', async () => {
      const body = await bodyOf([
        point(11, 51.97, 19.18, { name: 'Tokarka' }),
        point(12, 51.97, 19.444, { name: 'Frezarka' }),
        point(3, 40.42, -3.7, { name: 'Madryt' }),
      ]);
      render(<Screen body={body} filter={EVERYTHING} />);
      const worker = FakeWorker.made[0];
      worker.release();
      await screen.findByRole('button', { name: 'Grupa maszyn: 2' });
      expect(screen.queryByTitle('Madryt')).toBeNull();
      worker.hold();
      map.setView([52, 19], 6);
      map.setView([40.42, -3.7], 6);
      worker.release();
      expect(await screen.findByTitle('Madryt')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Grupa maszyn/ })).toBeNull();
      map.setView([52, 19], 6);
      fireEvent.click(await screen.findByRole('button', { name: 'Grupa maszyn: 2' }));
      await waitFor(() => expect(map.getZoom()).toBe(8));
      await waitFor(() => expect(titles()).toEqual(['Frezarka', 'Tokarka']));
    });
  });
});
