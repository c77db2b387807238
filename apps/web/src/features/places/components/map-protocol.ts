import type { MapPoint } from '@serwis/domain';
import type { BBox, ClusterEntry } from './cluster-core';

/*
 * What the page and the map's engine (map-engine.ts, in the worker or in the page) say to each
 * other. Types and one constant only: the page's side imports the engine's code only where it runs
 * it itself (no Worker).
 */

/** What a machine's marker and popup show of it. */
export type MapMarker = Pick<
  MapPoint,
  'id' | 'name' | 'type' | 'status' | 'color1' | 'color2' | 'latitude' | 'longitude'
>;

/** The screen's filters as it keeps them (null: all); `category` is the category's id as text. */
export interface MapFilter {
  family: string | null;
  status: string | null;
  category: string | null;
}

/** A group, or a single machine, to draw; `index` names the machine within the filter's set. */
export type MapEntry =
  | Extract<ClusterEntry, { kind: 'cluster' }>
  | (Extract<ClusterEntry, { kind: 'point' }> & { machine: MapMarker });

/**
 * Every machine as a dot of the website's image, in the answer's order: its position
 * ([lat, lon, lat, lon…]) and its two colours as an index into `palette` (a few pairs, one a status).
 */
export interface MachineDots {
  positions: Float64Array;
  palette: [color1: string, color2: string][];
  colours: Uint8Array | Uint16Array | Uint32Array;
}

/**
 * What the page asks. `seq` pairs an answer with its question; they are answered in order. `body`
 * is the answer of with-gps-location-data as the query cache keeps it, unread.
 */
export type MapRequest =
  | { type: 'load'; seq: number; body: Blob }
  | { type: 'filter'; seq: number; filter: MapFilter; maxZoom: number }
  | { type: 'clusters'; seq: number; bbox: BBox; zoom: number }
  | { type: 'expansionZoom'; seq: number; clusterId: number }
  | { type: 'leaves'; seq: number; clusterId: number }
  | { type: 'everyMachine'; seq: number };

/** `error` is NOT_JSON when the body was not a list of machines, else the error's text. */
export type MapAnswer =
  | { seq: number; ok: true; result: number | MapEntry[] | MapMarker[] | MachineDots }
  | { seq: number; ok: false; error: string };

/** The code of an answer that is not a list of machines (a proxy's page, a cut-off body). */
export const NOT_A_MACHINE_LIST = 'NOT_JSON';
