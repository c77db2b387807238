import { useEffect, useState } from 'react';
import { MAP_MAX_ZOOM } from './base-map';
import { createMapIndex, type MapIndex } from './map-index';
import type { MapFilter } from './map-protocol';

/**
 * What the index answered for one answer's body and one filter: how many machines the filter
 * lets through, or why there are none to show (a body that is no list of machines).
 */
type Answered = MapFilter & { body: Blob } & (
    { count: number; failure: null } | { count: null; failure: unknown }
  );

/** The machines the map shows: how many there are, for the layer to draw (`shown` changes with them). */
export interface ShownMachines {
  count: number;
}

/**
 * The machine map's index for one screen (one worker, shared by the count, the markers' layer and
 * the website's image) showing the answer's `body` through `filter`. `shown` is null until the
 * index has answered for this very body and this filter: an answer about an earlier filter or an
 * earlier body never shows its count or its markers.
 */
export function useMapIndex(body: Blob | undefined, filter: MapFilter) {
  // Starts no worker until its first question: React's strict mode makes and drops one more.
  const [index] = useState<MapIndex>(() => createMapIndex(MAP_MAX_ZOOM));
  useEffect(() => () => index.terminate(), [index]);
  const [answered, setAnswered] = useState<Answered | null>(null);
  const { family, status, category } = filter;
  useEffect(() => {
    if (!body) return;
    let current = true;
    const asked = { family, status, category };
    index.show(body, asked).then(
      (count) => {
        if (current && count !== null) setAnswered({ ...asked, body, count, failure: null });
      },
      (failure: unknown) => {
        if (current) setAnswered({ ...asked, body, count: null, failure });
      },
    );
    return () => {
      current = false;
    };
  }, [index, body, family, status, category]);
  const upToDate =
    answered &&
    answered.body === body &&
    answered.family === family &&
    answered.status === status &&
    answered.category === category
      ? answered
      : null;
  const shown: ShownMachines | null = upToDate?.count != null ? upToDate : null;
  return { index, shown, failure: upToDate?.failure ?? null };
}
