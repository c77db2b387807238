import Supercluster, { type PointFeature } from 'supercluster';

/*
 * The clustering itself, with no DOM and no machines: it knows the points only by their position in
 * a flat array of coordinates. The map's engine (map-engine.ts) uses it, in the map's worker or,
 * where there is no Worker (jsdom), in the page.
 */

/** Markers closer than this (px) on screen are drawn as one group. */
export const CLUSTER_RADIUS = 40;

/** A group or a single point in view, the point named by its place in the indexed array. */
export type ClusterEntry =
  | { kind: 'cluster'; id: number; count: number; longitude: number; latitude: number }
  | { kind: 'point'; index: number; longitude: number; latitude: number };

/** [west, south, east, north] in degrees. */
export type BBox = [number, number, number, number];

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

/** supercluster's features as entries that name points by index (cheap to post, no GeoJSON). */
function entriesOf(features: ReturnType<Index['getClusters']>): ClusterEntry[] {
  return features.map((feature) => {
    const [longitude, latitude] = feature.geometry.coordinates;
    const properties = feature.properties;
    return 'cluster' in properties
      ? { kind: 'cluster', id: properties.cluster_id, count: properties.point_count, longitude, latitude }
      : { kind: 'point', index: properties.index, longitude, latitude };
  });
}

/** The groups of a set of points at every zoom level, asked by view. */
export interface ClusterIndex {
  clusters(bbox: BBox, zoom: number): ClusterEntry[];
  /** The zoom at which the group parts; throws for an id this index does not know. */
  expansionZoom(clusterId: number): number;
  /** The places in the array of the group's points; throws for an unknown id. */
  leaves(clusterId: number): number[];
}

/**
 * A KD-tree of the points ([lon, lat, lon, lat…]) for every zoom level: the map then draws only
 * what is in view, where markercluster made a marker per machine and clustered them one by one.
 * Leaflet's tiles are 256 px: the same extent makes the radius Leaflet's pixels.
 */
export function clusterIndexOf(coordinates: Float64Array, maxZoom: number): ClusterIndex {
  const index: Index = new Supercluster({ radius: CLUSTER_RADIUS, extent: 256, maxZoom });
  index.load(featuresOf(coordinates));
  return {
    clusters: (bbox, zoom) => entriesOf(index.getClusters(bbox, zoom)),
    expansionZoom: (clusterId) => index.getClusterExpansionZoom(clusterId),
    leaves: (clusterId) => index.getLeaves(clusterId, Infinity).map((leaf) => leaf.properties.index),
  };
}
