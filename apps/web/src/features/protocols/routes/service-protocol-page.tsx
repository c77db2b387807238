import { Center, Loader } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { MSG } from '@serwis/domain';
import { ErrorBanner } from '../../../components/error-banner';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useProtocol } from '../api/protocols';
import { ProtocolEditor } from '../components/protocol-editor';

/** /serviceProtocol?id={serviceId}&prev={path}: the field protocol of one service event. */
export function ServiceProtocolPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const prev = params.get('prev');
  const backTo = prev && prev.startsWith('/') && !prev.startsWith('//') ? prev : paths.servicesList;
  const protocol = useProtocol(id);
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <>
        <PageHeader title="Protokół serwisowy" backTo={backTo} />
        <ErrorBanner message={MSG.serviceNotFound} />
      </>
    );
  }
  if (protocol.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={MSG.loading} />
      </Center>
    );
  }
  if (protocol.isError) {
    return (
      <>
        <PageHeader title="Protokół serwisowy" backTo={backTo} />
        <ErrorBanner message={errorMessage(protocol.error)} />
      </>
    );
  }
  return <ProtocolEditor key={id} protocol={protocol.data} backTo={backTo} />;
}
