import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Protocol, ProtocolData } from '@serwis/domain';
import { api } from '../../../lib/api-client';

export const protocolKey = (serviceId: number) => ['protocol', serviceId] as const;

export function useProtocol(serviceId: number) {
  return useQuery({
    queryKey: protocolKey(serviceId),
    queryFn: () => api.get<Protocol>(`/api/service/protocol/${serviceId}`),
    enabled: Number.isInteger(serviceId) && serviceId > 0,
    // A draft open on a tablet must not be replaced under the technician's fingers.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export const saveProtocolDraft = (serviceId: number, data: ProtocolData) =>
  api.put<Protocol>(`/api/service/protocol/${serviceId}`, data);

/** Signing and sending change the event too: every service list refreshes. */
export function useSignProtocol(serviceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: ProtocolData) => api.post<Protocol>(`/api/service/protocol/${serviceId}/sign`, data),
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
