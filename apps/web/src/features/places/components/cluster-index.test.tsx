import { useEffect } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type L from 'leaflet';
import { MapContainer, useMap } from 'react-leaflet';
import { MemoryRouter } from 'react-router';
import Supercluster, { type ClusterProperties } from 'supercluster';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MapPoint } from '@serwis/domain';
import { giveElementsASize } from '../../../../test/map-size';
import { sampleMapPoint } from '../../../../test/samples';
import { CLUSTER_RADIUS, clusterEngine, type ClusterRequest } from './cluster-core';
import { createClusterIndex, type BBox, type MapEntry } from './cluster-index';
import { ClusterLayer } from './cluster-layer';

const point = (id: number, latitude: number, longitude: number, name = `Maszyna ${id}`): MapPoint =>
  sampleMapPoint({ id, name, latitude, longitude });

/** A dozen machines close together around Łódź, a pair at one spot in Kraków, and a few apart. */
const FLEET = [
  ...Array.from({ length: 12 }, (_, i) => point(100 + i, 51.9 + (i % 4) * 0.01, 19.1 + i * 0.01)),
  point(21, 50.06, 19.94),
  point(22, 50.06, 19.94),
  point(1, 54.35, 18.65),
  point(2, 52.23, 21.01),
  point(3, 40.42, -3.7),
];
const EUROPE: BBox = [-10, 35, 30, 60];
const MAX_ZOOM = 19;

/** Groups by their id and count, machines by their name: comparable whatever the order. */
const described = (entries: MapEntry[]) =>
  entries
    .map((e) =>
      e.kind === 'cluster'
        ? `group ${e.id} of ${e.count} at ${e.longitude.toFixed(5)},${e.latitude.toFixed(5)}`
        : `${e.point.name} at ${e.longitude.toFixed(5)},${e.latitude.toFixed(5)}`,
    )
    .sort();

describe('the cluster index in the page (no Worker, as in jsdom)', () => {
  it('answers the groups, expansion zooms and leaves that supercluster itself gives', async () => {
    expect(typeof Worker).toBe('undefined');
    const index = createClusterIndex(MAX_ZOOM);
    expect(await index.load(FLEET)).toBe(true);
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
      for (const group of entries.filter((e) => e.kind === 'cluster')) {
        expect(await index.expansionZoom(group.id)).toBe(reference.getClusterExpansionZoom(group.id));
        expect(await index.leaves(group.id)).toEqual(
          reference.getLeaves(group.id, Infinity).map((f) => f.properties),
        );
      }
    }
    // The pair in Kraków stays a group at the deepest zoom, 2 machines listed.
    const krakow = (await index.clusters([19.9, 50, 20, 50.1], MAX_ZOOM))!;
    expect(krakow).toMatchObject([{ kind: 'cluster', count: 2 }]);
    expect(await index.expansionZoom((krakow[0] as { id: number }).id)).toBeGreaterThan(MAX_ZOOM);
    index.terminate();
  });

  it('drops what is out of date: a load replaced before its answer, a view replaced by the next', async () => {
    const index = createClusterIndex(MAX_ZOOM);
    const madrid = [point(3, 40.42, -3.7, 'Madryt')];
    const first = index.load(FLEET);
    const second = index.load(madrid);
    const tooEarly = index.clusters(EUROPE, 3);
    const lastView = index.clusters(EUROPE, 4);
    expect(await first).toBe(false);
    expect(await second).toBe(true);
    expect(await tooEarly).toBeNull();
    expect(described((await lastView)!)).toEqual(['Madryt at -3.70000,40.42000']);
    // A question asked before a new load gets nothing, not the new index's answer to another id.
    expect(await index.load(FLEET)).toBe(true);
    const groups = (await index.clusters(EUROPE, 3))!;
    const group = groups.find((e) => e.kind === 'cluster')!;
    const zoom = index.expansionZoom(group.id);
    const leaves = index.leaves(group.id);
    void index.load(madrid);
    expect(await zoom).toBeNull();
    expect(await leaves).toBeNull();
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
  received: ClusterRequest[] = [];
  transferred: unknown[][] = [];
  loaded: number[][] = [];
  terminated = false;
  private engine = clusterEngine();
  private queue: ClusterRequest[] = [];
  private held = true;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.made.push(this);
  }
  postMessage(message: ClusterRequest, transfer: Transferable[] = []) {
    if (message.type === 'load') this.loaded.push(Array.from(message.coordinates));
    this.transferred.push(transfer);
    // As postMessage does: a copy arrives, and what was transferred is gone from the sender.
    const copy = structuredClone(message, { transfer });
    this.received.push(copy);
    this.queue.push(copy);
    if (!this.held) setTimeout(() => this.answer(), 0);
  }
  private answer() {
    for (const request of this.queue.splice(0)) this.onmessage?.({ data: this.engine(request) });
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

describe('the cluster index with a worker', () => {
  beforeEach(() => {
    FakeWorker.made = [];
    vi.stubGlobal('Worker', FakeWorker);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the positions as one transferred Float64Array and maps the answered indices to machines', async () => {
    const index = createClusterIndex(MAX_ZOOM);
    const [worker] = FakeWorker.made;
    expect(worker.url.pathname).toMatch(/\/cluster-index\.worker\.ts$/);
    expect(worker.options).toEqual({ type: 'module' });
    const machines = [point(1, 52.23, 21.01, 'Warszawa'), point(2, 40.42, -3.7, 'Madryt')];
    const loaded = index.load(machines);
    const [load] = worker.received;
    expect(load).toMatchObject({ type: 'load', maxZoom: MAX_ZOOM });
    expect(worker.loaded).toEqual([[21.01, 52.23, -3.7, 40.42]]);
    // (Of another realm than jsdom's, as a worker's would be: compared by its tag.)
    expect(Object.prototype.toString.call((load as { coordinates: unknown }).coordinates)).toBe(
      '[object Float64Array]',
    );
    expect(worker.transferred[0]).toHaveLength(1);
    // No machine objects go over: the request carries numbers only.
    expect(JSON.stringify({ ...load, coordinates: null })).not.toContain('Warszawa');
    const view = index.clusters(EUROPE, 5);
    worker.release();
    expect(await loaded).toBe(true);
    expect((await view)!.map((e) => e.kind === 'point' && e.point)).toEqual(expect.arrayContaining(machines));
    index.terminate();
    expect(worker.terminated).toBe(true);
  });

  it('moves the work into the page when the worker cannot start', async () => {
    const index = createClusterIndex(MAX_ZOOM);
    const loaded = index.load(FLEET);
    FakeWorker.made[0].fail();
    expect(FakeWorker.made[0].terminated).toBe(true);
    expect(await loaded).toBe(true);
    expect(
      (await index.clusters([18, 54, 19, 55], 10))!.map((e) => e.kind === 'point' && e.point.id),
    ).toEqual([1]);
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
    const screenOf = (points: MapPoint[]) => (
      <MemoryRouter>
        <MapContainer center={[52, 19]} zoom={6} style={{ height: 600, width: 800 }}>
          <MapProbe />
          <ClusterLayer points={points} />
        </MapContainer>
      </MemoryRouter>
    );
    const titles = () =>
      [...document.querySelectorAll('.leaflet-marker-icon[title]')]
        .map((e) => e.getAttribute('title') ?? '')
        .sort();

    it('draws only the last filter when it changes before the worker answered, and stops the worker', async () => {
      const all = [point(1, 52.23, 21.01, 'Warszawa'), point(2, 50.06, 19.94, 'Kraków')];
      const krakow = [all[1]];
      const view = render(screenOf(all));
      const worker = FakeWorker.made[0];
      // A filter chosen while the first index is still being built.
      view.rerender(screenOf(krakow));
      expect(worker.loaded).toEqual([
        [21.01, 52.23, 19.94, 50.06],
        [19.94, 50.06],
      ]);
      worker.release();
      await waitFor(() => expect(titles()).toEqual(['Kraków']));

      // Back to all, drawn; then a move and a filter before the worker answers either.
      view.rerender(screenOf(all));
      await waitFor(() => expect(titles()).toEqual(['Kraków', 'Warszawa']));
      worker.hold();
      map.panBy([30, 0], { animate: false });
      view.rerender(screenOf([...krakow]));
      // The old filter's markers go at once.
      expect(titles()).toEqual([]);
      const drawn: string[] = [];
      const watch = new MutationObserver(() => drawn.push(...titles()));
      watch.observe(document.body, { subtree: true, childList: true });
      worker.release();
      // The worker answers in order: the old view's answer came before the one drawn now.
      await waitFor(() => expect(titles()).toEqual(['Kraków']));
      watch.disconnect();
      // The answer about the old filter's view was never drawn.
      expect(drawn).not.toContain('Warszawa');
      expect(titles()).toEqual(['Kraków']);
      expect(FakeWorker.made).toHaveLength(1);
      view.unmount();
      expect(worker.terminated).toBe(true);
    });

    it('after quick moves draws the last view, and a group zooms in from the worker’s answer', async () => {
      const pair = [point(11, 51.97, 19.18, 'Tokarka'), point(12, 51.97, 19.444, 'Frezarka')];
      render(screenOf([...pair, point(3, 40.42, -3.7, 'Madryt')]));
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
