import { useEffect, useRef } from 'react';
import { Button, Group } from '@mantine/core';
import { IconDeviceFloppy, IconMail, IconSignature } from '@tabler/icons-react';
import { signedOutsideApp } from '@serwis/domain';
import type { LoadedProtocol } from '../api/protocols';
import type { DraftSync } from './draft-sync-type';
import { ProtocolSyncBadges } from './protocol-sync-badges';
import { usePhone } from '../../../lib/use-phone';
import { useBottomBarHeight } from '../../../lib/use-bottom-bar-height';

/** The bar kept in view under the protocol: the draft's state, save, sign, send. */
export function ProtocolFooter(props: {
  protocol: LoadedProtocol;
  sync: DraftSync;
  offlineReady: boolean;
  signing: boolean;
  onSign: () => void;
  onSend: () => void;
}) {
  const { protocol, sync } = props;
  // On a phone the bar (its badges and buttons stacked) took a quarter of the screen and covered
  // the customer's signature pad as it was drawn on: there it stays at the end of the protocol.
  const phone = usePhone();
  const bar = useRef<HTMLDivElement>(null);
  useBottomBarHeight(bar, !phone);
  // The save button is disabled while it saves, which drops the keyboard's focus to the page: once
  // a save it started is over, the focus comes back to it (unless the user has gone on elsewhere).
  const saveButton = useRef<HTMLButtonElement>(null);
  const savingFromButton = useRef(false);
  useEffect(() => {
    if (sync.state === 'saving' || !savingFromButton.current) return;
    savingFromButton.current = false;
    if (document.activeElement === document.body) saveButton.current?.focus();
  }, [sync.state]);
  return (
    <Group
      ref={bar}
      className="print-hidden"
      justify="space-between"
      wrap="wrap"
      pos={phone ? 'static' : 'sticky'}
      // Above the page's fixed footer, which would cover the buttons everywhere but at the end.
      bottom="var(--app-shell-footer-offset, 0rem)"
      py="sm"
      bg="var(--mantine-color-body)"
      style={{ zIndex: 3 }}
    >
      {protocol.editable ? (
        <ProtocolSyncBadges state={sync.state} offlineReady={props.offlineReady} signed={protocol.signed} />
      ) : (
        <span />
      )}
      <Group>
        {protocol.editable && (
          <Button
            variant="default"
            leftSection={<IconDeviceFloppy size={18} />}
            ref={saveButton}
            loading={sync.state === 'saving'}
            onClick={() => {
              savingFromButton.current = true;
              void sync.flush();
            }}
          >
            {protocol.signed ? 'Zapisz zmiany' : 'Zapisz szkic'}
          </Button>
        )}
        {protocol.editable && !protocol.signed && (
          <Button leftSection={<IconSignature size={18} />} loading={props.signing} onClick={props.onSign}>
            Podpisz protokół
          </Button>
        )}
        {/* Its PDF tells the event's former data until a correction: the notice above says so. */}
        {protocol.signed && !signedOutsideApp(protocol) && (
          <Button
            leftSection={<IconMail size={18} />}
            onClick={props.onSend}
            disabled={protocol.signedForOthers}
          >
            Wyślij do klienta
          </Button>
        )}
      </Group>
    </Group>
  );
}
