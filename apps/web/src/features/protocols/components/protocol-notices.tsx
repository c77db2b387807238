import { useState } from 'react';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { PROTOCOL_MSG, signedOutsideApp } from '@serwis/domain';
import { confirmDelete } from '../../../components/confirm-delete';
import { ErrorBanner } from '../../../components/error-banner';
import type { LoadedProtocol } from '../api/protocols';
import type { DraftSync } from './draft-sync-type';

/**
 * A version kept on this device dropped: at once when it is the employee's own, after a question
 * when another employee typed it (nobody else has that text).
 */
function askToDiscard(author: string | null, discard: () => Promise<void>) {
  if (!author) return void discard();
  confirmDelete({
    what: `wersję protokołu wpisaną na tym urządzeniu przez: ${author}`,
    onConfirm: () => void discard(),
  });
}

/** A version kept on this device that the form does not show as its own: taken in, or deleted. */
function KeptVersionNotice(props: {
  title: string;
  text: string;
  onTake?: () => void;
  onDiscard: () => void;
}) {
  return (
    <Alert color="orange" title={props.title}>
      <Stack gap="xs">
        <Text size="sm">{props.text}</Text>
        <Group>
          {props.onTake && (
            <Button size="compact-sm" variant="default" onClick={props.onTake}>
              Wczytaj tę wersję
            </Button>
          )}
          <Button size="compact-sm" variant="default" onClick={props.onDiscard}>
            Usuń tę wersję z urządzenia
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * Above the protocol:/**
 * Above the protocol: signed or closed to this user, a version on the device the server no longer
 * takes, another employee's draft on the device, opened offline, a draft restored, a draft refused.
 */
export function ProtocolNotices({ protocol, sync }: { protocol: LoadedProtocol; sync: DraftSync }) {
  // The restored draft's notice closes, and goes once the protocol is signed: the screen now stays
  // drawn when the network comes back, and the notice stayed to the end, after signing too.
  const [restoredSeen, setRestoredSeen] = useState(false);
  return (
    <>
      {signedOutsideApp(protocol) && (
        <Alert color="gray" title={PROTOCOL_MSG.signedOutsideAppTitle}>
          {PROTOCOL_MSG.signedOutsideApp}
        </Alert>
      )}
      {protocol.signed && !signedOutsideApp(protocol) && (
        <Alert color="green" title="Protokół podpisany">
          {protocol.editable
            ? 'Jako administrator możesz poprawić podpisany protokół; zapis utworzy nowy plik PDF.'
            : 'Podpisany protokół można tylko przeglądać.'}
          {protocol.sentTo ? ` Wysłano do klienta: ${protocol.sentTo}.` : ''}
        </Alert>
      )}
      {protocol.signedForOthers && <Alert color="yellow">{PROTOCOL_MSG.signedForOthersNotice}</Alert>}
      {!protocol.editable && !protocol.signed && (
        <Alert color="gray">
          {protocol.header.state === 'ODRZUCONY'
            ? PROTOCOL_MSG.protocolOfRejectedEvent
            : 'Protokół może wypełniać tylko autor zdarzenia lub administrator.'}
        </Alert>
      )}
      {sync.unaccepted && (
        <KeptVersionNotice
          title={PROTOCOL_MSG.protocolUnacceptedTitle}
          text={
            sync.unacceptedAuthor
              ? PROTOCOL_MSG.protocolUnacceptedOf(sync.unacceptedAuthor, protocol.editable)
              : protocol.editable
                ? PROTOCOL_MSG.protocolUnacceptedByAdmin
                : PROTOCOL_MSG.protocolUnaccepted
          }
          onDiscard={() => askToDiscard(sync.unacceptedAuthor, sync.discardUnaccepted)}
        />
      )}
      {sync.othersDraftAuthor && (
        <KeptVersionNotice
          title={PROTOCOL_MSG.othersDraftTitle}
          text={PROTOCOL_MSG.othersDraft(sync.othersDraftAuthor)}
          onTake={sync.takeOthersDraft}
          onDiscard={() => askToDiscard(sync.othersDraftAuthor, sync.discardOthersDraft)}
        />
      )}
      {protocol.fromDevice && sync.state === 'offline' && (
        <Alert color="orange" icon={<IconCloudOff size={18} />} title="Brak połączenia z serwerem">
          Protokół otwarto z kopii zapisanej na tym urządzeniu. Wszystko, co wpiszesz, zostanie wysłane po
          powrocie sieci.
        </Alert>
      )}
      {sync.restored && !protocol.signed && !restoredSeen && (
        <Alert color="blue" withCloseButton closeButtonLabel="Zamknij" onClose={() => setRestoredSeen(true)}>
          Przywrócono szkic zapisany na tym urządzeniu.
        </Alert>
      )}
      {sync.listReplaced && (
        <Alert color="yellow">
          <Stack gap="xs">
            <Text size="sm">{PROTOCOL_MSG.checklistReplaced}</Text>
            {sync.leftOut.length > 0 && (
              <>
                <Text size="sm">{PROTOCOL_MSG.checklistAnswersLeftOut}</Text>
                <List size="sm">
                  {sync.leftOut.map((line, i) => (
                    <List.Item key={i}>{line}</List.Item>
                  ))}
                </List>
              </>
            )}
          </Stack>
        </Alert>
      )}
      {sync.merged && !protocol.signed && <Alert color="yellow">{PROTOCOL_MSG.protocolMerged}</Alert>}
      <ErrorBanner message={sync.refusal} />
    </>
  );
}
