import { useCallback, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCloudCheck,
  IconCloudOff,
  IconDeviceFloppy,
  IconFileTypePdf,
  IconMail,
  IconSignature,
} from '@tabler/icons-react';
import {
  PROTOCOL_MSG,
  firstEmailAddress,
  missingForSigning,
  protocolMissingMessage,
  protocolPdfFileName,
  type ProtocolData,
  type ProtocolItem,
} from '@serwis/domain';
import { ErrorBanner } from '../../../components/error-banner';
import { FilePreview, type PreviewableFile } from '../../../components/file-preview';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useSignProtocol, type LoadedProtocol } from '../api/protocols';
import { useOfflineReady } from '../offline-shell';
import { useDraftSync, type SyncState } from '../use-draft-sync';
import { ChecklistEditor } from './checklist-editor';
import { SendProtocolModal } from './send-protocol-modal';
import { SignatureField } from './signature-field';
import { ProtocolHeaderPanel, WorkPanel } from './protocol-sections';

const SYNC_TEXT: Record<SyncState, string> = {
  saved: 'Szkic zapisany na serwerze',
  pending: 'Zmiany czekają na zapis…',
  saving: 'Zapisywanie…',
  offline: 'Brak połączenia: szkic zapisany na tym urządzeniu, zostanie wysłany po powrocie sieci',
  refused: 'Serwer nie przyjął szkicu',
};

/** The field protocol: header, checklists, work, materials, times, signatures; autosaved. */
export function ProtocolEditor({ protocol, backTo }: { protocol: LoadedProtocol; backTo: string }) {
  const { header } = protocol;
  const sync = useDraftSync(protocol);
  const offlineReady = useOfflineReady();
  const { data, setData } = sync;
  const sign = useSignProtocol(header.serviceId);
  const [signProblem, setSignProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [preview, setPreview] = useState<PreviewableFile | null>(null);
  const readOnly = !protocol.editable;
  // The server's title, as the PDF prints it (an installation's is configurable). A copy kept on the
  // device before answers carried it has none: the number alone then.
  const title = [protocol.title, header.fullNumber].filter(Boolean).join(' ');

  const set = useCallback(
    <K extends keyof ProtocolData>(key: K, value: ProtocolData[K]) =>
      setData((d) => ({ ...d, [key]: value })),
    [setData],
  );
  const changeItem = useCallback(
    (key: string, item: ProtocolItem) =>
      setData((d) => ({
        ...d,
        checklists: d.checklists.map((l) => ({
          ...l,
          items: l.items.map((i) => (i.key === key ? item : i)),
        })),
      })),
    [setData],
  );

  const submitSignature = async () => {
    const missing = missingForSigning(sync.dataRef.current);
    if (missing.length) {
      setSignProblem(protocolMissingMessage(missing));
      return;
    }
    setSignProblem(null);
    await sync.pause();
    sign.mutate(sync.dataRef.current, {
      onSuccess: async () => {
        await sync.forget();
        notifications.show({ color: 'green', message: PROTOCOL_MSG.protocolSigned });
      },
      onError: (error) => setSignProblem(errorMessage(error)),
    });
  };

  const pdf = {
    filename: protocolPdfFileName(header.fullNumber),
    url: paths.protocolPdf(header.serviceId),
  };

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <PageHeader
        title={title}
        backTo={backTo}
        actions={
          <Button
            variant="default"
            leftSection={<IconFileTypePdf size={18} />}
            onClick={() => setPreview(pdf)}
          >
            {protocol.signed ? 'PDF protokołu' : 'Drukuj do skanu (PDF)'}
          </Button>
        }
      />
      {protocol.signed && (
        <Alert color="green" title="Protokół podpisany">
          {protocol.editable
            ? 'Jako administrator możesz poprawić podpisany protokół; zapis utworzy nowy plik PDF.'
            : 'Podpisany protokół można tylko przeglądać.'}
          {protocol.sentTo ? ` Wysłano do klienta: ${protocol.sentTo}.` : ''}
        </Alert>
      )}
      {!protocol.editable && !protocol.signed && (
        <Alert color="gray">
          {protocol.header.state === 'ODRZUCONY'
            ? PROTOCOL_MSG.protocolOfRejectedEvent
            : 'Protokół może wypełniać tylko autor zdarzenia lub administrator.'}
        </Alert>
      )}
      {sync.unaccepted && (
        <Alert color="orange" title={PROTOCOL_MSG.protocolUnacceptedTitle}>
          <Stack gap="xs">
            <Text size="sm">{PROTOCOL_MSG.protocolUnaccepted}</Text>
            <Group>
              <Button size="compact-sm" variant="default" onClick={() => void sync.discardUnaccepted()}>
                Usuń tę wersję z urządzenia
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {protocol.fromDevice && sync.state === 'offline' && (
        <Alert color="orange" icon={<IconCloudOff size={18} />} title="Brak połączenia z serwerem">
          Protokół otwarto z kopii zapisanej na tym urządzeniu. Wszystko, co wpiszesz, zostanie wysłane po
          powrocie sieci.
        </Alert>
      )}
      {sync.restored && <Alert color="blue">Przywrócono szkic zapisany na tym urządzeniu.</Alert>}
      <ErrorBanner message={sync.refusal} />

      <ProtocolHeaderPanel header={header} />

      {data.checklists.map((list) => (
        <ChecklistEditor key={list.deviceId} list={list} readOnly={readOnly} onItemChange={changeItem} />
      ))}

      <WorkPanel data={data} readOnly={readOnly} set={set} />

      <Paper withBorder p="md">
        <Stack>
          <Title order={4}>Podpisy</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SignatureField
              label="Podpis serwisanta"
              value={data.technicianSignature}
              readOnly={readOnly || protocol.signed}
              onChange={(v) => set('technicianSignature', v)}
            />
            <Stack gap="xs">
              <SignatureField
                label="Podpis klienta"
                value={data.customerSignature}
                readOnly={readOnly || protocol.signed}
                onChange={(v) => set('customerSignature', v)}
              />
              <TextInput
                label="Imię i nazwisko podpisującego (klient)"
                readOnly={readOnly}
                value={data.customerSignerName}
                onChange={(e) => set('customerSignerName', e.currentTarget.value)}
              />
            </Stack>
          </SimpleGrid>
        </Stack>
      </Paper>

      <ErrorBanner message={signProblem} />
      <Group
        justify="space-between"
        wrap="wrap"
        pos="sticky"
        // Above the page's fixed footer, which would cover the buttons everywhere but at the end.
        bottom="var(--app-shell-footer-offset, 0rem)"
        py="sm"
        bg="var(--mantine-color-body)"
        style={{ zIndex: 3 }}
      >
        {protocol.editable ? (
          <Group gap="xs">
            <Badge
              size="lg"
              variant="light"
              color={
                sync.state === 'saved'
                  ? 'green'
                  : sync.state === 'offline' || sync.state === 'refused'
                    ? 'orange'
                    : 'gray'
              }
              leftSection={sync.state === 'offline' ? <IconCloudOff size={14} /> : undefined}
              role="status"
              style={{ textTransform: 'none', whiteSpace: 'normal', height: 'auto', minHeight: 28 }}
            >
              {SYNC_TEXT[sync.state]}
            </Badge>
            {offlineReady && !protocol.signed && (
              <Badge
                size="lg"
                variant="outline"
                color="teal"
                leftSection={<IconCloudCheck size={14} />}
                title="Ten ekran otworzy się także po przeładowaniu bez sieci"
                style={{ textTransform: 'none' }}
              >
                Działa bez sieci
              </Badge>
            )}
          </Group>
        ) : (
          <span />
        )}
        <Group>
          {protocol.editable && (
            <Button
              variant="default"
              leftSection={<IconDeviceFloppy size={18} />}
              loading={sync.state === 'saving'}
              onClick={() => void sync.flush()}
            >
              {protocol.signed ? 'Zapisz zmiany' : 'Zapisz szkic'}
            </Button>
          )}
          {protocol.editable && !protocol.signed && (
            <Button
              leftSection={<IconSignature size={18} />}
              loading={sign.isPending}
              onClick={() => void submitSignature()}
            >
              Podpisz protokół
            </Button>
          )}
          {protocol.signed && (
            <Button leftSection={<IconMail size={18} />} onClick={() => setSending(true)}>
              Wyślij do klienta
            </Button>
          )}
        </Group>
      </Group>
      <SendProtocolModal
        serviceId={header.serviceId}
        opened={sending}
        defaultEmail={firstEmailAddress(header.customer.email) ?? ''}
        onClose={() => setSending(false)}
      />
      <FilePreview file={preview} onClose={() => setPreview(null)} />
    </Stack>
  );
}
