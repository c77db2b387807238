import { useState } from 'react';
import { Anchor, FileInput, Group, Stack, Text } from '@mantine/core';
import {
  IMPORT_TEMPLATE_FILE_NAMES,
  IMPORT_TEMPLATE_XLSX_FILE_NAMES,
  XLSX_MEDIA_TYPE,
  importFileHint,
  importTemplateCsv,
  type ImportKind,
} from '@serwis/domain';
import { ErrorBanner } from '../../../components/error-banner';
import { errorMessage } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { fetchImportTemplate } from '../api/imports';
import { CsvLink } from './csv-link';
import { useFocusWhenLost } from '../../../lib/focus-when-lost';

/**
 * Before a file is chosen: what it needs, and an empty one with the headers to fill in, as a CSV
 * made here or as the server's workbook (its lists and text columns), fetched when asked for.
 */
export function ImportFileHint({ kind }: { kind: ImportKind }) {
  const [failure, setFailure] = useState<string | null>(null);
  const downloadWorkbook = async () => {
    setFailure(null);
    try {
      saveBlob(await fetchImportTemplate(kind), IMPORT_TEMPLATE_XLSX_FILE_NAMES[kind]);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  return (
    <Stack gap={4}>
      <Text size="sm">{importFileHint(kind)}</Text>
      <Group gap="lg">
        <CsvLink csv={importTemplateCsv(kind)} fileName={IMPORT_TEMPLATE_FILE_NAMES[kind]}>
          Pobierz wzór pliku (CSV)
        </CsvLink>
        <Anchor
          component="button"
          type="button"
          className="touch-link"
          onClick={() => void downloadWorkbook()}
        >
          Pobierz wzór pliku (XLSX)
        </Anchor>
      </Group>
      <ErrorBanner message={failure} />
    </Stack>
  );
}

/**
 * The file to import; choosing one starts its preview. Read-only, not disabled, while the file is
 * read: a disabled field drops the focus to the page behind the dialog. Drawn again after "Wybierz
 * inny plik", it takes the focus that button had.
 */
export function ImportFileInput(props: {
  file: File | null;
  busy: boolean;
  onChange: (chosen: File | null) => void;
}) {
  const takeFocus = useFocusWhenLost<HTMLButtonElement>();
  return (
    <FileInput
      ref={takeFocus}
      label="Plik CSV lub XLSX"
      placeholder="Wybierz plik"
      accept={`.csv,.txt,.xlsx,text/csv,${XLSX_MEDIA_TYPE}`}
      value={props.file}
      readOnly={props.busy}
      onChange={props.onChange}
    />
  );
}
