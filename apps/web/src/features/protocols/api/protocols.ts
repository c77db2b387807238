import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Protocol, ProtocolData } from '@serwis/domain';
import { api, ApiError } from '../../../lib/api-client';
import { readSnapshot, writeSnapshot } from '../offline-drafts';

export const protocolKey = (serviceId: number) => ['protocol', serviceId] as const;

/** The protocol; `fromDevice` when the network is away and the copy kept on this device answers. */
export type LoadedProtocol = Protocol & { fromDevice?: boolean };

export const fetchProtocol = (serviceId: number) => api.get<Protocol>(`/api/service/protocol/${serviceId}`);

export function useProtocol(serviceId: number) {
  return useQuery<LoadedProtocol>({
    queryKey: protocolKey(serviceId),
    queryFn: async () => {
      try {
        const protocol = await fetchProtocol(serviceId);
        await writeSnapshot(serviceId, protocol);
        return protocol;
      } catch (error) {
        // No network (issue 8): the screen builds itself from what is on the device.
        const copy =
          error instanceof ApiError && error.code === 'NETWORK' ? await readSnapshot(serviceId) : undefined;
        if (copy) return { ...copy, fromDevice: true };
        throw error;
      }
    },
    enabled: Number.isInteger(serviceId) && serviceId > 0,
    // A draft open on a tablet must not be replaced under the technician's fingers.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/**
 * A draft save. `asDraft` (the screen shows an unsigned protocol): the server refuses it (409) when
 * the protocol was signed meanwhile elsewhere, rather than take it as an administrator's correction.
 * `base` (the `updatedAt` the form was made on, null: none saved yet): refused (409
 * CHANGED_MEANWHILE) when another window or device saved since.
 */
export function saveProtocolDraft(
  serviceId: number,
  data: ProtocolData,
  asDraft: boolean,
  base?: string | null,
) {
  return api.put<Protocol>(`/api/service/protocol/${serviceId}`, data, {
    query: { asDraft: asDraft ? 'true' : undefined, base: base === undefined ? undefined : (base ?? '') },
  });
}

/** Signing and sending change the event too: every service list refreshes. */
export function useSignProtocol(serviceId: number) {
  const client = useQueryClient();
  return useMutation({
    // `base`: the version the screen's form was made on; another saved since refuses the signing.
    mutationFn: ({ data, base }: { data: ProtocolData; base: string | null }) =>
      api.post<Protocol>(`/api/service/protocol/${serviceId}/sign`, data, { query: { base: base ?? '' } }),
    onSuccess: (protocol) => {
      client.setQueryData(protocolKey(serviceId), protocol);
      void client.invalidateQueries({ queryKey: ['services'] });
    },
  });
}

export function useSendProtocol(serviceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      api.post<{ message: string; sentTo: string }>(`/api/service/protocol/${serviceId}/send`, { email }),
    onSuccess: () => client.invalidateQueries({ queryKey: protocolKey(serviceId) }),
  });
}
