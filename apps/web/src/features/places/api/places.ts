import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Branch,
  BranchSave,
  GeocodeResult,
  Hotel,
  HotelSave,
  MapConfig,
  NearbyHotel,
} from '@serwis/domain';
import { api } from '../../../lib/api-client';

const keys = {
  config: ['map-config'] as const,
  points: ['map-points'] as const,
  hotelsNear: (deviceId: number) => ['hotels-near', deviceId] as const,
  branches: ['branches'] as const,
};

/** Tile server and attribution come from the server's configuration (offline sites, tests). */
export function useMapConfig() {
  return useQuery({
    queryKey: keys.config,
    queryFn: () => api.get<MapConfig>('/api/map/config'),
    staleTime: Infinity,
  });
}

/** Whether the server has a geocoder (GEOCODER_URL); undefined until its map configuration is known. */
export function useGeocoding(): boolean | undefined {
  const config = useMapConfig().data;
  return config ? config.geocoding !== false : undefined;
}

/**
 * Every machine with a position (MapPoint[]), as the answer's body unread (a Blob): 30,000
 * machines are 6.6 MB of JSON, which the map's worker reads and decodes (components/map-index.ts),
 * never the page's thread.
 */
export function useMapPoints() {
  return useQuery({
    queryKey: keys.points,
    queryFn: () => api.getBlob('/api/device/with-gps-location-data'),
    // Back on the map from a machine's card it is not fetched again; a write anywhere still marks
    // it stale.
    staleTime: 5 * 60_000,
    // A Blob has no parts to share between two answers: each answer is kept as it came.
    structuralSharing: false,
  });
}

export function useSaveGpsLocation(deviceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (position: { latitude: number | null; longitude: number | null }) =>
      api.patch<{ message: string }>('/api/device/updateGpsLocation', { deviceId, ...position }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.hotelsNear(deviceId) });
      void client.invalidateQueries({ queryKey: keys.points });
    },
  });
}

export function useHotelsNear(deviceId: number) {
  return useQuery({
    queryKey: keys.hotelsNear(deviceId),
    queryFn: () => api.get<NearbyHotel[]>(`/api/deviceHotel/getAllByDevice/${deviceId}`),
  });
}

export type HotelInput = Omit<HotelSave, 'latitude' | 'longitude'> & { latitude: number; longitude: number };

export function useSaveHotel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: HotelInput) => api.post<Hotel>('/api/deviceHotel/insert', input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['hotels-near'] }),
  });
}

export function useDeleteHotel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/deviceHotel/deleteHotel/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['hotels-near'] }),
  });
}

export function useBranches() {
  return useQuery({ queryKey: keys.branches, queryFn: () => api.get<Branch[]>('/api/branch/getAll') });
}

export type BranchInput = Omit<BranchSave, 'latitude' | 'longitude'> & {
  latitude: number;
  longitude: number;
};

export function useSaveBranch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BranchInput) => api.post<Branch>('/api/branch/insert', input),
    // Refused too: a branch another administrator deleted meanwhile leaves the map and the list.
    onSettled: () => client.invalidateQueries({ queryKey: keys.branches }),
  });
}

export function useDeleteBranch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/branch/deleteBranch/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: keys.branches }),
  });
}

export const geocode = (q: string) => api.get<GeocodeResult[]>('/api/geocode', { query: { q } });

export function useUploadMapSnapshot() {
  return useMutation({
    mutationFn: (base64: string) =>
      api.post<{ message: string }>('/api/storage/upload-public-file', { name: 'map', base64 }),
  });
}
