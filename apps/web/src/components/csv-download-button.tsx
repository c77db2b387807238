import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { errorMessage } from '../lib/api-client';
import { saveBlob } from '../lib/download';

/**
 * "Pobierz CSV": asks the server for a list's file and saves it under `fileName`. `load` answers
 * null when there is nothing to ask for (the list's form refused what was typed, under its field).
 */
export function CsvDownloadButton(props: { load: () => Promise<Blob> | null; fileName: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    const loading = props.load();
    if (!loading) return;
    setBusy(true);
    try {
      saveBlob(await loading, props.fileName);
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
