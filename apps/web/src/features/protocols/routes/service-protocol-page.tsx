import { useEffect, useState } from 'react';
import { Button, Center, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { LIST_MSG, MSG, PROTOCOL_MSG } from '@serwis/domain';
import { ErrorBanner } from '../../../components/error-banner';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { isOwnPath } from '../../../lib/own-path';
import { sessionQueryKey } from '../../auth/api/session';
import { useProtocol } from '../api/protocols';
import { ProtocolEditor } from '../components/protocol-editor';
import { LoadingSpinner } from '../../../components/loading-spinner';

/** /serviceProtocol?id={serviceId}&prev={path}: the field protocol of one service event. */
export function ServiceProtocolPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const prev = params.get('prev');
  const backTo = isOwnPath(prev) ? prev : paths.servicesList;
  const protocol = useProtocol(id);
  // The failure on screen stays while "Spróbuj ponownie" asks again (the query is pending again
  // then, having no data): the whole page gave way to a spinner for the 2–3 s of the retries.
  const [lastError, setLastError] = useState<unknown>(null);
  if (protocol.isError && protocol.error !== lastError) setLastError(protocol.error);
  const failure = protocol.isError
    ? protocol.error
    : protocol.isPending && protocol.errorUpdateCount > 0
      ? lastError
      : null;
  const client = useQueryClient();
  const fromDevice = Boolean(protocol.data?.fromDevice);
  // Opened offline with the last employee seen here: once the network is back, the session is
  // checked again (lib/offline-session.ts).
  useEffect(() => {
    if (!fromDevice) return;
    const back = () => void client.invalidateQueries({ queryKey: sessionQueryKey });
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, [client, fromDevice]);
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <>
        <PageHeader title="Protokół serwisowy" backTo={backTo} />
        <ErrorBanner message={MSG.serviceNotFound} />
      </>
    );
  }
  if (failure) {
    // No network and no copy on this device: said so, and asked again when the network is back
    // (refetchOnReconnect) or on request.
    const offline = failure instanceof ApiError && failure.code === 'NETWORK';
    return (
      <>
        <PageHeader title="Protokół serwisowy" backTo={backTo} />
        <ErrorBanner message={errorMessage(failure)} />
        {offline && (
          <>
            <Text mb="md">{PROTOCOL_MSG.notOnThisDevice}</Text>
            <Button variant="light" loading={protocol.isFetching} onClick={() => void protocol.refetch()}>
              {LIST_MSG.tryAgain}
            </Button>
          </>
        )}
      </>
    );
  }
  if (!protocol.isSuccess) {
    return (
      <Center py="xl">
        <LoadingSpinner />
      </Center>
    );
  }
  return <ProtocolEditor key={id} protocol={protocol.data} backTo={backTo} />;
}
