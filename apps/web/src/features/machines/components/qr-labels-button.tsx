import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconQrcode } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { fetchQrLabels, type QrLabelSelection } from '../api/qr-labels';
import type { MachineFamily } from '../family';

/** Downloads naklejki-qr.pdf: the A4 sheet of QR nameplates (3 × 8 labels of 70 × 37 mm). */
export function QrLabelsButton(props: {
  family: MachineFamily;
  label: string;
  selection: () => QrLabelSelection;
  variant?: string;
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
  return (
    <Button
      variant={props.variant ?? 'default'}
      leftSection={<IconQrcode size={16} />}
      loading={busy}
      onClick={print}
    >
      {props.label}
    </Button>
  );
}
