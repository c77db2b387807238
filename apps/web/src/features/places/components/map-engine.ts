import type { MapPoint } from '@serwis/domain';
import { clusterIndexOf, type ClusterIndex } from './cluster-core';
import {
  NOT_A_MACHINE_LIST,
  type MachineDots,
  type MapAnswer,
  type MapFilter,
  type MapMarker,
  type MapRequest,
} from './map-protocol';

/*
 * The machine map's machines, kept where they are decoded: in the map's worker (map-index.worker.ts)
 * or, where there is no Worker (jsdom), in the page. It gets the answer of
 * /api/device/with-gps-location-data unread (a Blob), reads and decodes it, applies the screen's
 * filters, groups the machines that pass, and answers only what is drawn: the groups in view and,
 * for each single machine, the fields of its marker and popup. The page's thread never reads,
 * parses or holds the 30,000 machines.
 */

class NotAMachineList extends Error {}

/** The answer's body as its machines; anything but a JSON array is not a list of machines. */
async function decodeMachines(body: Blob): Promise<MapPoint[]> {
  let decoded: unknown;
  try {
    decoded = JSON.parse(await body.text());
  } catch {
    throw new NotAMachineList();
  }
  if (!Array.isArray(decoded)) throw new NotAMachineList();
  return decoded as MapPoint[];
}

/** Whether the screen's filters let the machine through (each one unset lets all through). */
const passes = (point: MapPoint, filter: MapFilter) =>
  (!filter.family || point.type === filter.family) &&
  (!filter.status || point.status === filter.status) &&
  (!filter.category || point.categoryId === Number(filter.category));

const markerOf = (p: MapPoint): MapMarker => ({
  id: p.id,
  name: p.name,
  type: p.type,
  status: p.status,
  color1: p.color1,
  color2: p.color2,
  latitude: p.latitude,
  longitude: p.longitude,
});

/** Every machine's position and colours in a few typed arrays (30,000 machines: under 600 kB). */
function dotsOf(machines: MapPoint[]): MachineDots {
  const positions = new Float64Array(machines.length * 2);
  const wide = new Uint32Array(machines.length);
  const palette: MachineDots['palette'] = [];
  const known = new Map<string, number>();
  machines.forEach((machine, i) => {
    positions[2 * i] = machine.latitude;
    positions[2 * i + 1] = machine.longitude;
    const key = `${machine.color1} ${machine.color2}`;
    let colour = known.get(key);
    if (colour === undefined) {
      colour = palette.push([machine.color1, machine.color2]) - 1;
      known.set(key, colour);
    }
    wide[i] = colour;
  });
  const colours =
    palette.length <= 0x100
      ? Uint8Array.from(wide)
      : palette.length <= 0x10000
        ? Uint16Array.from(wide)
        : wide;
  return { positions, palette, colours };
}

/** An answer, and what may be moved to the page with it rather than copied (the dots' arrays). */
interface EngineAnswer {
  answer: MapAnswer;
  transfer: Transferable[];
}

/** Answers the page's requests in their order: its machines, its filter's groups, its dots. */
export function mapEngine() {
  let machines: MapPoint[] = [];
  /** The places in `machines` of those the filter lets through, in order. */
  let shown: number[] = [];
  let maxZoom = 0;
  /** The groups of the machines shown, built when first asked: the count is answered before. */
  let index: ClusterIndex | null = null;
  const indexNow = () => {
    if (index) return index;
    const coordinates = new Float64Array(shown.length * 2);
    shown.forEach((place, i) => {
      coordinates[2 * i] = machines[place].longitude;
      coordinates[2 * i + 1] = machines[place].latitude;
    });
    return (index = clusterIndexOf(coordinates, maxZoom));
  };

  const markersOf = (places: number[]) => places.map((i) => markerOf(machines[shown[i]]));
  const result = async (request: MapRequest) => {
    switch (request.type) {
      case 'load':
        machines = [];
        shown = [];
        index = null;
        machines = await decodeMachines(request.body);
        return machines.length;
      case 'filter':
        shown = [];
        machines.forEach((machine, i) => {
          if (passes(machine, request.filter)) shown.push(i);
        });
        maxZoom = request.maxZoom;
        index = null;
        return shown.length;
      case 'clusters':
        return indexNow()
          .clusters(request.bbox, request.zoom)
          .map((entry) =>
            entry.kind === 'cluster' ? entry : { ...entry, machine: markerOf(machines[shown[entry.index]]) },
          );
      case 'expansionZoom':
        return indexNow().expansionZoom(request.clusterId);
      case 'leaves':
        return markersOf(indexNow().leaves(request.clusterId));
      case 'everyMachine':
        return dotsOf(machines);
    }
  };
  const answerTo = async (request: MapRequest): Promise<EngineAnswer> => {
    try {
      const answer = await result(request);
      const transfer =
        request.type === 'everyMachine'
          ? [(answer as MachineDots).positions.buffer, (answer as MachineDots).colours.buffer]
          : [];
      return { answer: { seq: request.seq, ok: true, result: answer }, transfer };
    } catch (error) {
      // An unknown cluster id (supercluster throws): the question was about another filter.
      const text = error instanceof NotAMachineList ? NOT_A_MACHINE_LIST : String(error);
      return { answer: { seq: request.seq, ok: false, error: text }, transfer: [] };
    }
  };
  // Reading the body waits: the questions after it wait their turn, and are answered in order.
  let last: Promise<unknown> = Promise.resolve();
  return (request: MapRequest): Promise<EngineAnswer> => {
    const answer = last.then(() => answerTo(request));
    last = answer;
    return answer;
  };
}
