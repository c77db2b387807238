import L from 'leaflet';

// leaflet.markercluster is a UMD plug-in that extends the global `L`.
(globalThis as unknown as { L: typeof L }).L = L;
