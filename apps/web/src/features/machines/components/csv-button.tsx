import { useState } from 'react';
import { Button } from '@mantine/core';
import { MACHINE_CSV_FILE_NAMES } from '@serwis/domain';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { fetchMachineCsv } from '../api/machines';
import type { MachineFamily } from '../family';
import { toFilterBody, type MachineFilters } from '../machine-filters';

/**
 * "Pobierz CSV": every row matching the filters, search and sort, saved as maszyny.csv (the
 * third-party list's as maszyny-zewnetrzne.csv).
 */
export function CsvButton(props: {
  family: MachineFamily;
  filters: () => MachineFilters;
  sort?: string;
  q?: string;
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const blob = await fetchMachineCsv(props.family, toFilterBody(props.filters()), {
        sort: props.sort,
        q: props.q,
      });
      saveBlob(blob, MACHINE_CSV_FILE_NAMES[props.family]);
    } catch (error) {
      // Spec only logs list failures; a download that silently does nothing would look broken.
      console.error(error);
      notifications.show({ color: 'red', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy} onClick={download}>
      Pobierz CSV
    </Button>
  );
}
