import './leaflet-global';
import 'leaflet.markercluster';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import { useEffect } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import { useNavigate } from 'react-router';
import { MACHINE_STATUSES, MAP_VIEW, type MapPoint } from '@serwis/domain';
import { paths } from '../../../config/paths';
import { dotIcon } from './base-map';

const LABELS = new Map<string, string>(MACHINE_STATUSES.map((s) => [s.name, s.label]));

export function machineCardLink(point: Pick<MapPoint, 'id' | 'type'>) {
  const query = { id: point.id, prev: 'map' };
  return point.type === 'EXTERNAL' ? paths.machineExternalEdit(query) : paths.machineEdit(query);
}

/** The machines as 40×40 markers, clustered where they overlap, each with a popup linking its card. */
export function ClusterLayer({ points }: { points: MapPoint[] }) {
  const map = useMap();
  const navigate = useNavigate();
  useEffect(() => {
    const group = L.markerClusterGroup({ maxClusterRadius: 40, chunkedLoading: true });
    // One icon per pair of colours (a status), and each popup built when it opens: for 30,000
    // machines, 30,000 icons and 120,000 popup elements made up front held the tab for seconds.
    const icons = new Map<string, L.DivIcon>();
    const iconOf = (point: MapPoint) => {
      const key = `${point.color1}|${point.color2}`;
      let icon = icons.get(key);
      if (!icon) icons.set(key, (icon = dotIcon(point.color1, point.color2, MAP_VIEW.markerSize)));
      return icon;
    };
    const popupOf = (point: MapPoint) => {
      const content = document.createElement('div');
      const name = document.createElement('strong');
      name.textContent = point.name;
      const status = document.createElement('div');
      status.textContent = `Status: ${LABELS.get(point.status) ?? point.status}`;
      const link = document.createElement('a');
      link.href = machineCardLink(point);
      link.textContent = 'Otwórz kartę maszyny';
      link.addEventListener('click', (event) => {
        event.preventDefault();
        void navigate(machineCardLink(point));
      });
      content.append(name, status, link);
      return content;
    };
    const markers = points.map((point) =>
      L.marker([point.latitude, point.longitude], {
        icon: iconOf(point),
        title: point.name,
        alt: point.name,
      }).bindPopup(() => popupOf(point)),
    );
    // The group goes on the map first: added before, markercluster 1.5.3 checks each new marker
    // against its whole queue (O(n²), seconds for 30,000 machines), then re-adds them all on the map.
    map.addLayer(group);
    group.addLayers(markers);
    return () => {
      map.removeLayer(group);
    };
  }, [map, navigate, points]);
  return null;
}
