import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconQrcode } from '@tabler/icons-react';
import { LABEL_SHEET_LAYOUT, MSG, nextFreeLabel } from '@serwis/domain';
import { errorMessage } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { fetchQrLabels, type QrLabelSelection } from '../api/qr-labels';
import type { MachineFamily } from '../family';
import { LabelSheetPicker } from './label-sheet-picker';

/** Where the last print on this device left the sheet: the next print is offered to start there. */
const FIRST_LABEL_KEY = 'serwis:qr-first-label';

const validPlace = (place: unknown) =>
  Number.isInteger(place) && (place as number) >= 1 && (place as number) <= LABEL_SHEET_LAYOUT.perSheet
    ? (place as number)
    : 1;

/**
 * Downloads naklejki-qr.pdf: the A4 sheet of QR nameplates (3 × 8 labels of 70 × 37 mm). It asks
 * first where the sheet's first free label is (a sheet partly used by an earlier print is not
 * wasted: one machine's label took a whole sheet), and with `confirmText` (the whole list, nothing
 * ticked) whether the whole list is meant: a click meant for a few machines would otherwise print
 * sheets for all of them.
 */
export function QrLabelsButton(props: {
  family: MachineFamily;
  label: string;
  selection: () => QrLabelSelection;
  /** How many labels the print makes, when known: the sheet shows the places they take. */
  count?: number;
  variant?: string;
  confirmText?: string;
  /** Nothing to print (the list is empty): not offered. */
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [stored, setStored] = useLocalStorage<number>({
    key: FIRST_LABEL_KEY,
    defaultValue: 1,
    getInitialValueInEffect: false,
  });
  const [first, setFirst] = useState(1);
  const open = () => {
    setFirst(validPlace(stored));
    setAsking(true);
  };
  const print = async () => {
    setAsking(false);
    setBusy(true);
    try {
      const selection = props.selection();
      const { pdf, printed } = await fetchQrLabels(props.family, { ...selection, firstLabel: first });
      saveBlob(pdf, 'naklejki-qr.pdf');
      // The sheet goes on after the labels printed (fewer than asked when a machine went meanwhile).
      const made = printed ?? props.count;
      setStored(made === undefined ? 1 : nextFreeLabel(first, made));
      const asked = 'ids' in selection ? selection.ids.length : undefined;
      if (printed !== undefined && asked !== undefined && printed < asked) {
        notifications.show({ color: 'orange', message: MSG.labelsSomeMissing(printed, asked) });
      }
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        variant={props.variant ?? 'default'}
        leftSection={<IconQrcode size={16} />}
        loading={busy}
        disabled={props.disabled}
        onClick={open}
      >
        {props.label}
      </Button>
      <Modal opened={asking} onClose={() => setAsking(false)} title="Drukuj naklejki QR" size="lg">
        <Stack>
          {props.confirmText && <Text size="sm">{props.confirmText}</Text>}
          <LabelSheetPicker first={first} count={props.count} onChange={setFirst} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              Anuluj
            </Button>
            <Button data-autofocus onClick={() => void print()}>
              {props.confirmText ? 'Drukuj całą listę' : 'Drukuj'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
