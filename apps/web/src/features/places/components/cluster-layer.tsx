import './cluster-layer.css';
import { useEffect, useMemo } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import { useNavigate, type NavigateFunction } from 'react-router';
import Supercluster, { type ClusterProperties, type PointFeature } from 'supercluster';
import { MACHINE_STATUSES, MAP_VIEW, type MapPoint } from '@serwis/domain';
import { paths } from '../../../config/paths';
import { dotIcon } from './base-map';

const LABELS = new Map<string, string>(MACHINE_STATUSES.map((s) => [s.name, s.label]));

/** Markers closer than this (px) on screen are drawn as one group. */
const CLUSTER_RADIUS = 40;
/** Beyond the visible map, a quarter of its size on each side is drawn too, so a short pan shows no gap. */
const VIEW_MARGIN = 0.25;

export function machineCardLink(point: Pick<MapPoint, 'id' | 'type'>) {
  const query = { id: point.id, prev: 'map' };
  return point.type === 'EXTERNAL' ? paths.machineExternalEdit(query) : paths.machineEdit(query);
}

type MachineIndex = Supercluster<MapPoint, Record<string, never>>;

/**
 * A KD-tree of the machines for every zoom level of the map (a few ms per thousand machines): the
 * map then draws only what is in view, where markercluster made a marker per machine and clustered
 * them all one by one (seconds for 30,000 on a tablet, the map empty until the last one).
 */
function machineIndex(points: MapPoint[], maxZoom: number): MachineIndex {
  // Leaflet's tiles are 256 px: the same extent makes the radius Leaflet's pixels.
  const index: MachineIndex = new Supercluster({ radius: CLUSTER_RADIUS, extent: 256, maxZoom });
  return index.load(
    points.map((point, i) => ({
      type: 'Feature',
      id: i,
      properties: point,
      geometry: { type: 'Point', coordinates: [point.longitude, point.latitude] },
    })),
  );
}

function machineLink(point: MapPoint, navigate: NavigateFunction, text: string) {
  const link = document.createElement('a');
  link.href = machineCardLink(point);
  link.textContent = text;
  link.addEventListener('click', (event) => {
    event.preventDefault();
    void navigate(machineCardLink(point));
  });
  return link;
}

const statusOf = (point: MapPoint) => `Status: ${LABELS.get(point.status) ?? point.status}`;

function popupOf(point: MapPoint, navigate: NavigateFunction) {
  const content = document.createElement('div');
  const name = document.createElement('strong');
  name.textContent = point.name;
  const status = document.createElement('div');
  status.textContent = statusOf(point);
  content.append(name, status, machineLink(point, navigate, 'Otwórz kartę maszyny'));
  return content;
}

/** Machines at one spot (one address): no zoom parts them, so the group lists them, each to its card. */
function listPopupOf(points: MapPoint[], navigate: NavigateFunction) {
  const content = document.createElement('div');
  const title = document.createElement('strong');
  title.textContent = `Maszyn w tym miejscu: ${points.length}`;
  const list = document.createElement('ul');
  list.className = 'serwis-map-list';
  for (const point of points) {
    const item = document.createElement('li');
    const status = document.createElement('div');
    status.textContent = statusOf(point);
    item.append(machineLink(point, navigate, point.name), status);
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
 * The machines as 40×40 markers, grouped where they overlap, each with a popup linking its card.
 * Only the groups and markers in view (and a margin) are on the map; they are drawn again after
 * each move or zoom.
 */
export function ClusterLayer({ points }: { points: MapPoint[] }) {
  const map = useMap();
  const navigate = useNavigate();
  const index = useMemo(() => machineIndex(points, map.getMaxZoom()), [points, map]);
  useEffect(() => {
    const layer = L.layerGroup().addTo(map);
    // One icon per pair of colours (a status), and each popup built when it opens.
    const icons = new Map<string, L.DivIcon>();
    const iconOf = (point: MapPoint) => {
      const key = `${point.color1}|${point.color2}`;
      let icon = icons.get(key);
      if (!icon) icons.set(key, (icon = dotIcon(point.color1, point.color2, MAP_VIEW.markerSize)));
      return icon;
    };
    const machineMarker = (point: MapPoint, at: L.LatLngExpression) =>
      L.marker(at, { icon: iconOf(point), title: point.name, alt: point.name }).bindPopup(() =>
        popupOf(point, navigate),
      );
    const clusterMarker = (cluster: ClusterProperties, at: L.LatLng) => {
      const label = `Grupa maszyn: ${cluster.point_count}`;
      const marker = L.marker(at, { icon: clusterIcon(cluster.point_count), keyboard: true });
      // The badge shows only the number; a screen reader hears what it is.
      marker.on('add', () => marker.getElement()?.setAttribute('aria-label', label));
      const open = (byKey: boolean) => {
        // Once it lists its machines, Leaflet opens and closes that list itself.
        if (marker.getPopup()) return;
        const zoom = index.getClusterExpansionZoom(cluster.cluster_id);
        if (zoom <= map.getMaxZoom()) {
          map.setView(at, zoom);
          // The badge is gone with the zoom: Tab goes on from the map, not from the page's top.
          if (byKey) map.getContainer().focus({ preventScroll: true });
          return;
        }
        const leaves = index.getLeaves(cluster.cluster_id, Infinity).map((f) => f.properties);
        marker.bindPopup(() => listPopupOf(leaves, navigate), { maxHeight: 320 }).openPopup();
      };
      marker.on('click', () => open(false));
      marker.on('keypress', (event: L.LeafletKeyboardEvent) => {
        if (event.originalEvent.key === 'Enter') open(true);
      });
      return marker;
    };

    // What is on the map by key ("c" a group of that zoom, "p" a machine), kept across moves: a
    // marker whose popup is open stays, and nothing is drawn twice.
    let shown = new Map<string, L.Marker>();
    const draw = () => {
      const bounds = map.getBounds().pad(VIEW_MARGIN);
      const features = index.getClusters(
        [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
        Math.round(map.getZoom()),
      );
      const next = new Map<string, L.Marker>();
      for (const feature of features) {
        const [longitude, latitude] = feature.geometry.coordinates;
        const properties = feature.properties as ClusterProperties | MapPoint;
        const key = 'cluster' in properties ? `c${properties.cluster_id}` : `p${String(feature.id)}`;
        let marker = shown.get(key);
        if (marker) shown.delete(key);
        else {
          const at = L.latLng(latitude, longitude);
          marker =
            'cluster' in properties
              ? clusterMarker(properties, at)
              : machineMarker((feature as PointFeature<MapPoint>).properties, at);
          layer.addLayer(marker);
        }
        next.set(key, marker);
      }
      for (const gone of shown.values()) layer.removeLayer(gone);
      shown = next;
    };
    draw();
    // Leaflet ends every zoom with a moveend as well.
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
      map.removeLayer(layer);
    };
  }, [map, navigate, index]);
  return null;
}
