import Supercluster, { type PointFeature } from 'supercluster';

/*
 * The clustering itself, with no DOM and no machines: it knows the points only by their position in
 * a flat array of coordinates. The map's worker (cluster-index.worker.ts) runs it, and so does the
 * main thread where there is no Worker (jsdom), so both answer alike.
 */

/** Markers closer than this (px) on screen are drawn as one group. */
export const CLUSTER_RADIUS = 40;

/** A group or a single machine in view, the machine named by its place in the loaded array. */
export type ClusterEntry =
  | { kind: 'cluster'; id: number; count: number; longitude: number; latitude: number }
  | { kind: 'point'; index: number; longitude: number; latitude: number };

/**
 * What the main thread asks. `seq` pairs an answer with its question; a load's `generation` tells
 * the main thread which of its loads (filters) it was, should it have to ask it again.
 */
export type ClusterRequest =
  | { type: 'load'; seq: number; generation: number; coordinates: Float64Array; maxZoom: number }
  | { type: 'clusters'; seq: number; bbox: [number, number, number, number]; zoom: number }
  | { type: 'expansionZoom'; seq: number; clusterId: number }
  | { type: 'leaves'; seq: number; clusterId: number };

export type ClusterAnswer =
  | { seq: number; ok: true; result: number | number[] | ClusterEntry[] }
  | { seq: number; ok: false; error: string };

type Index = Supercluster<{ index: number }, Record<string, never>>;

/** [lon, lat, lon, lat…] as supercluster's features, each carrying its place in the array. */
function featuresOf(coordinates: Float64Array) {
  const features = new Array<PointFeature<{ index: number }>>(coordinates.length / 2);
  for (let i = 0; i < features.length; i++) {
    features[i] = {
      type: 'Feature',
      properties: { index: i },
      geometry: { type: 'Point', coordinates: [coordinates[2 * i], coordinates[2 * i + 1]] },
    };
  }
  return features;
}

/** supercluster's features as entries that name machines by index (cheap to post, no GeoJSON). */
function entriesOf(features: ReturnType<Index['getClusters']>): ClusterEntry[] {
  return features.map((feature) => {
    const [longitude, latitude] = feature.geometry.coordinates;
    const properties = feature.properties;
    return 'cluster' in properties
      ? { kind: 'cluster', id: properties.cluster_id, count: properties.point_count, longitude, latitude }
      : { kind: 'point', index: properties.index, longitude, latitude };
  });
}

/**
 * A KD-tree of the points for every zoom level: the map then draws only what is in view, where
 * markercluster made a marker per machine and clustered them one by one. Leaflet's tiles are
 * 256 px: the same extent makes the radius Leaflet's pixels.
 */
function buildIndex(coordinates: Float64Array, maxZoom: number): Index {
  const index: Index = new Supercluster({ radius: CLUSTER_RADIUS, extent: 256, maxZoom });
  return index.load(featuresOf(coordinates));
}

/**
 * Answers the requests in the order they come, on the index of the last load. The main thread
 * drops answers about an older generation, so this side need not.
 */
export function clusterEngine() {
  let index: Index = buildIndex(new Float64Array(0), 0);
  const result = (request: ClusterRequest) => {
    switch (request.type) {
      case 'load':
        index = buildIndex(request.coordinates, request.maxZoom);
        return request.coordinates.length / 2;
      case 'clusters':
        return entriesOf(index.getClusters(request.bbox, request.zoom));
      case 'expansionZoom':
        return index.getClusterExpansionZoom(request.clusterId);
      case 'leaves':
        return index.getLeaves(request.clusterId, Infinity).map((leaf) => leaf.properties.index);
    }
  };
  return (request: ClusterRequest): ClusterAnswer => {
    try {
      const answer = result(request);
      return { seq: request.seq, ok: true, result: answer };
    } catch (error) {
      // An unknown cluster id (supercluster throws): the question was about another index.
      return { seq: request.seq, ok: false, error: String(error) };
    }
  };
}
