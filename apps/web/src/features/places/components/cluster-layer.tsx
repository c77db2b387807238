import './cluster-layer.css';
import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import { useNavigate, type NavigateFunction } from 'react-router';
import { MAP_VIEW, findMachineStatus, polishCount, type MapPoint } from '@serwis/domain';
import { paths } from '../../../config/paths';
import { dotIcon } from './base-map';
import { statusMark } from './status-marks';
import type { MapIndex } from './map-index';
import type { MapMarker } from './map-protocol';
import type { ShownMachines } from './use-map-index';

/** Beyond the visible map, a quarter of its size on each side is drawn too, so a short pan shows no gap. */
const VIEW_MARGIN = 0.25;

export function machineCardLink(point: Pick<MapPoint, 'id' | 'type'>) {
  const query = { id: point.id, prev: 'map' };
  return point.type === 'EXTERNAL' ? paths.machineExternalEdit(query) : paths.machineEdit(query);
}

function machineLink(point: MapMarker, navigate: NavigateFunction, text: string) {
  const link = document.createElement('a');
  link.href = machineCardLink(point);
  link.textContent = text;
  // A finger's target on a touch screen (touch.css), as every link standing alone on its line.
  link.className = 'touch-link';
  link.addEventListener('click', (event) => {
    event.preventDefault();
    void navigate(machineCardLink(point));
  });
  return link;
}

/**
 * "Status:" and the status as every list and card shows it (ui.md: one badge), in its reference
 * colours (cluster-layer.css draws the badge: the popup is built outside React).
 */
function statusOf(point: MapMarker) {
  const line = document.createElement('div');
  const badge = document.createElement('span');
  const status = findMachineStatus(point.status);
  badge.className = 'serwis-map-status';
  badge.textContent = status?.label ?? point.status;
  if (status)
    Object.assign(badge.style, { backgroundColor: status.colorBackground, color: status.colorText });
  line.append('Status: ', badge);
  return line;
}

/** A machine marker's accessible name: its name and its status's word ("Laser, status: Ok"). */
export function machineMarkerLabel(point: Pick<MapMarker, 'name' | 'status'>) {
  return `${point.name}, status: ${findMachineStatus(point.status)?.label ?? point.status}`;
}

function popupOf(point: MapMarker, navigate: NavigateFunction) {
  const content = document.createElement('div');
  const name = document.createElement('strong');
  name.textContent = point.name;
  content.append(name, statusOf(point), machineLink(point, navigate, 'Otwórz kartę maszyny'));
  return content;
}

/** Machines at one spot (one address): no zoom parts them, so the group lists them, each to its card. */
function listPopupOf(points: MapMarker[], navigate: NavigateFunction) {
  const content = document.createElement('div');
  const title = document.createElement('strong');
  title.textContent = `Maszyn w tym miejscu: ${points.length}`;
  const list = document.createElement('ul');
  list.className = 'serwis-map-list';
  for (const point of points) {
    const item = document.createElement('li');
    item.append(machineLink(point, navigate, point.name), statusOf(point));
    list.append(item);
  }
  content.append(title, list);
  return content;
}

/** A group's round badge with its number, deeper in colour as it grows (cluster-layer.css). */
function clusterIcon(count: number) {
  const size = count < 10 ? 'few' : count < 100 ? 'some' : 'many';
  return L.divIcon({
    html: `<span>${count}</span>`,
    className: `serwis-cluster serwis-cluster-${size}`,
    iconSize: [40, 40],
  });
}

/**
 * The machines `index` shows as 40×40 markers, grouped where they overlap, each with a popup
 * linking its card. Only the groups and markers in view (and a margin) are on the map; they are
 * drawn again after each move or zoom, and anew when `shown` changes (another filter, new data);
 * while it is null (being worked out) the map shows none. The index works off the main thread
 * (map-index.ts).
 */
export function ClusterLayer({ index, shown }: { index: MapIndex; shown: ShownMachines | null }) {
  const map = useMap();
  const navigate = useNavigate();
  const layer = useRef<ReturnType<typeof machineLayer> | null>(null);
  const latest = useRef(shown);
  useEffect(() => {
    const current = machineLayer(map, navigate, index);
    layer.current = current;
    void current.show(latest.current);
    return () => {
      layer.current = null;
      current.remove();
    };
  }, [map, navigate, index]);
  useEffect(() => {
    latest.current = shown;
    void layer.current?.show(shown);
  }, [shown]);
  return null;
}

/** The markers' layer on the map, drawn from the index, until `remove`. */
function machineLayer(map: L.Map, navigate: NavigateFunction, index: MapIndex) {
  const layer = L.layerGroup().addTo(map);
  // One icon per status (its two colours and its mark), and each popup built when it opens.
  const icons = new Map<string, L.DivIcon>();
  const iconOf = (point: MapMarker) => {
    const key = `${point.color1}|${point.color2}|${point.status}`;
    let icon = icons.get(key);
    if (!icon)
      icons.set(
        key,
        (icon = dotIcon(point.color1, point.color2, MAP_VIEW.markerSize, statusMark(point.status))),
      );
    return icon;
  };
  const machineMarker = (point: MapMarker, at: L.LatLngExpression) => {
    const marker = L.marker(at, { icon: iconOf(point), title: point.name, alt: point.name }).bindPopup(() =>
      popupOf(point, navigate),
    );
    // Colour is never the only signal (ui.md): a screen reader hears the status with the name.
    const label = machineMarkerLabel(point);
    marker.on('add', () => marker.getElement()?.setAttribute('aria-label', label));
    return marker;
  };
  const clusterMarker = (clusterId: number, count: number, at: L.LatLng) => {
    const label = `Grupa maszyn: ${polishCount(count)}`;
    const marker = L.marker(at, { icon: clusterIcon(count), keyboard: true });
    // The badge shows only the number; a screen reader hears what it is.
    marker.on('add', () => marker.getElement()?.setAttribute('aria-label', label));
    let asking = false;
    const open = async (byKey: boolean) => {
      // Once it lists its machines, Leaflet opens and closes that list itself.
      if (marker.getPopup() || asking) return;
      asking = true;
      try {
        // null: the filter changed meanwhile, and this group is no longer on the map.
        const zoom = await index.expansionZoom(clusterId);
        if (zoom === null) return;
        if (zoom <= map.getMaxZoom()) {
          const drawn = byKey ? nextDraw() : null;
          map.setView(at, zoom);
          // The badge is gone with the zoom: the focus goes to what it parted into, not the page's top.
          if (drawn) {
            await drawn;
            focusAfterZoom(at);
          }
          return;
        }
        const leaves = await index.leaves(clusterId);
        if (leaves) marker.bindPopup(() => listPopupOf(leaves, navigate), { maxHeight: 320 }).openPopup();
      } finally {
        asking = false;
      }
    };
    marker.on('click', () => void open(false));
    marker.on('keypress', (event: L.LeafletKeyboardEvent) => {
      if (event.originalEvent.key === 'Enter') void open(true);
    });
    return marker;
  };

  // What is on the map by key ("c" a group of that zoom, "p" a machine), kept across moves: a
  // marker whose popup is open stays, and nothing is drawn twice. Emptied when the machines change
  // (a filter): the keys then name other groups and machines.
  let onMap = new Map<string, L.Marker>();
  let machines: ShownMachines | null = null;
  const draw = async () => {
    const drawing = machines;
    if (!drawing) return;
    const bounds = map.getBounds().pad(VIEW_MARGIN);
    const entries = await index.clusters(
      [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
      Math.round(map.getZoom()),
    );
    // null: a later view or filter was asked for; its own answer draws it.
    if (!entries || drawing !== machines) return;
    const next = new Map<string, L.Marker>();
    for (const entry of entries) {
      const key = entry.kind === 'cluster' ? `c${entry.id}` : `p${entry.index}`;
      let marker = onMap.get(key);
      if (marker) onMap.delete(key);
      else {
        const at = L.latLng(entry.latitude, entry.longitude);
        marker =
          entry.kind === 'cluster'
            ? clusterMarker(entry.id, entry.count, at)
            : machineMarker(entry.machine, at);
        layer.addLayer(marker);
      }
      next.set(key, marker);
    }
    for (const gone of onMap.values()) layer.removeLayer(gone);
    onMap = next;
  };
  /** The drawing of the last view asked for. */
  let drawing: Promise<void> = Promise.resolve();
  const redraw = () => {
    drawing = draw();
  };
  // Leaflet ends every zoom with a moveend as well.
  map.on('moveend', redraw);
  /** Settles once the view after the next move is drawn (registered after `redraw`: run after it). */
  const nextDraw = () =>
    new Promise<void>((resolve) => {
      map.once('moveend', () => void drawing.then(resolve, resolve));
    });
  /**
   * After a group zoomed in by the keyboard: the focus goes to the marker or group in view nearest to
   * where the group was (one of its parts), or, with none in view, to the map itself (named, see
   * map-keyboard.tsx). Not if the focus went elsewhere meanwhile, or the layer is gone.
   */
  const focusAfterZoom = (at: L.LatLng) => {
    if (!map.hasLayer(layer)) return;
    const active = document.activeElement;
    const container = map.getContainer();
    if (active && active !== document.body && active !== container && active.isConnected) return;
    const view = map.getBounds();
    const centre = map.latLngToLayerPoint(at);
    let nearest: HTMLElement | undefined;
    let distance = Infinity;
    for (const marker of onMap.values()) {
      const position = marker.getLatLng();
      const element = marker.getElement();
      if (!element || !view.contains(position)) continue;
      const d = map.latLngToLayerPoint(position).distanceTo(centre);
      if (d < distance) [nearest, distance] = [element, d];
    }
    (nearest ?? container).focus({ preventScroll: true });
  };

  return {
    async show(next: ShownMachines | null) {
      if (next === machines) return;
      machines = next;
      // The old filter's markers go at once: none of them is drawn while the new one is worked out.
      layer.clearLayers();
      onMap = new Map();
      await draw();
    },
    remove() {
      map.off('moveend', redraw);
      map.removeLayer(layer);
    },
  };
}
