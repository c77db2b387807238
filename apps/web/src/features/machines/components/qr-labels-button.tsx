import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconQrcode } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { fetchQrLabels, type QrLabelSelection } from '../api/qr-labels';
import type { MachineFamily } from '../family';

/**
 * Downloads naklejki-qr.pdf: the A4 sheet of QR nameplates (3 × 8 labels of 70 × 37 mm). With
 * `confirmText` (the whole list, nothing ticked) it asks first: a click meant for a few machines
 * would otherwise print sheets for all of them.
 */
export function QrLabelsButton(props: {
  family: MachineFamily;
  label: string;
  selection: () => QrLabelSelection;
  variant?: string;
  confirmText?: string;
  /** Nothing to print (the list is empty): not offered. */
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const print = async () => {
    setBusy(true);
    try {
      saveBlob(await fetchQrLabels(props.family, props.selection()), 'naklejki-qr.pdf');
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  const click = () => {
    if (!props.confirmText) return void print();
    modals.openConfirmModal({
      title: 'Drukuj naklejki QR',
      children: <Text size="sm">{props.confirmText}</Text>,
      labels: { confirm: 'Drukuj całą listę', cancel: 'Anuluj' },
      onConfirm: () => void print(),
    });
  };
  return (
    <Button
      variant={props.variant ?? 'default'}
      leftSection={<IconQrcode size={16} />}
      loading={busy}
      disabled={props.disabled}
      onClick={click}
    >
      {props.label}
    </Button>
  );
}
