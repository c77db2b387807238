import 'leaflet/dist/leaflet.css';
import { useEffect, type ReactNode } from 'react';
import L from 'leaflet';
import { MapContainer, TileLayer, ZoomControl, useMap, useMapEvents } from 'react-leaflet';
import { Box } from '@mantine/core';
import { useMapConfig } from '../api/places';
import { MapKeyboard } from './map-keyboard';

export interface LatLng {
  latitude: number;
  longitude: number;
}

interface BaseMapProps {
  center: [number, number];
  zoom: number;
  height: number | string;
  width?: number | string;
  /** A click on the map (not on a marker). */
  onPick?: (position: LatLng) => void;
  /** Moves the view when it changes (a search result, a chosen record). */
  focus?: { center: [number, number]; zoom?: number } | null;
  label: string;
  children?: ReactNode;
}

function ClickToPick({ onPick }: { onPick: (position: LatLng) => void }) {
  useMapEvents({
    click: (event) => onPick({ latitude: round(event.latlng.lat), longitude: round(event.latlng.lng) }),
  });
  return null;
}

function FollowFocus({ focus }: { focus: BaseMapProps['focus'] }) {
  const map = useMap();
  const lat = focus?.center[0];
  const lon = focus?.center[1];
  const zoom = focus?.zoom;
  useEffect(() => {
    if (lat === undefined || lon === undefined) return;
    map.setView([lat, lon], zoom ?? map.getZoom());
  }, [map, lat, lon, zoom]);
  return null;
}

/** The deepest zoom of every map (the tile servers' usual last level). */
export const MAP_MAX_ZOOM = 19;

/** Six decimals: about 10 cm, more than a click can mean. */
export const round = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * A Leaflet map with the configured tiles. Without tiles (offline, no configuration) it still
 * shows its markers on a plain background.
 */
export function BaseMap({ center, zoom, height, width, onPick, focus, label, children }: BaseMapProps) {
  const config = useMapConfig();
  return (
    <Box
      h={height}
      w={width ?? '100%'}
      maw="100%"
      bg="gray.1"
      // Its own stacking context: Leaflet's panes and buttons (z-index 400–1000) stay under the
      // menu drawer and the dialogs (Mantine's 200) instead of over them on a tablet.
      style={{ borderRadius: 4, overflow: 'hidden', isolation: 'isolate' }}
      aria-label={label}
      role="region"
    >
      <MapContainer
        center={center}
        zoom={zoom}
        maxZoom={MAP_MAX_ZOOM}
        style={{ height: '100%', width: '100%' }}
        scrollWheelZoom
        zoomControl={false}
      >
        {/* Leaflet's own buttons are titled in English ("Zoom in"). */}
        <ZoomControl zoomInTitle="Przybliż" zoomOutTitle="Oddal" />
        <MapKeyboard label={label} />
        {config.data && (
          <TileLayer
            url={config.data.tileUrl}
            attribution={config.data.attribution}
            crossOrigin="anonymous"
          />
        )}
        {onPick && <ClickToPick onPick={onPick} />}
        <FollowFocus focus={focus} />
        {children}
      </MapContainer>
    </Box>
  );
}

/** The least a marker takes for a finger (ui.md: touch targets of at least 40 px). */
const MARKER_TARGET = 40;

/**
 * A round marker in two colours (a divIcon: no image files to bundle), with a `mark` in the second
 * colour when given (status-marks.ts). A dot smaller than a finger is drawn at its size in the middle
 * of a 40 px square that takes the tap, the press or the drag. Its colours are kept in a
 * high-contrast mode: they are the data, as a chart's are.
 */
export function dotIcon(color1: string, color2: string, size = 24, mark = '') {
  const target = Math.max(size, MARKER_TARGET);
  const sign = mark
    ? `<span aria-hidden="true" style="color:${color2};font:700 ${Math.round(size * (mark.length > 1 ? 0.36 : 0.45))}px/1 system-ui,sans-serif">${mark}</span>`
    : '';
  const dot = `<span style="display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;border-radius:50%;background:${color1};border:${Math.max(3, size / 8)}px solid ${color2};box-sizing:border-box;box-shadow:0 0 2px rgba(0,0,0,.6);forced-color-adjust:none">${sign}</span>`;
  // A dot as big as a finger (the /map's 30,000) is the marker itself: no square around it.
  const html =
    target === size
      ? dot
      : `<span style="display:flex;align-items:center;justify-content:center;width:${target}px;height:${target}px">${dot}</span>`;
  return L.divIcon({
    html,
    className: 'serwis-map-dot',
    iconSize: [target, target],
    iconAnchor: [target / 2, target / 2],
    popupAnchor: [0, -size / 2],
  });
}
