import { Button, Checkbox, Group, Stack } from '@mantine/core';
import { IMPORT_CREATE_MISSING_LABEL, type ImportKind, type ImportPreview } from '@serwis/domain';
import { ImportPreviewNotices } from './import-preview-notices';
import { ImportPreviewTable } from './import-preview-table';
import { ImportPreviewVerdict } from './import-preview-verdict';

/** The chosen file's preview: its columns' fields to choose, its rows and their problems; then import. */
export function ImportPreviewStep(props: {
  preview: ImportPreview;
  kind: ImportKind;
  busy: boolean;
  createMissing: boolean;
  onMapping: (mapping: (string | null)[]) => void;
  onCreateMissing: (value: boolean) => void;
  onImport: () => void;
  onClose: () => void;
}) {
  const { preview, kind } = props;
  // Required fields without a column: the rows wait for them to be chosen.
  const unmapped = preview.fields.filter((f) => preview.missingFields.includes(f.key)).map((f) => f.label);
  return (
    <>
      <Stack gap="sm">
        <ImportPreviewNotices preview={preview} kind={kind} unmapped={unmapped} />
        <ImportPreviewTable preview={preview} busy={props.busy} onMapping={props.onMapping} />
        {kind !== 'customers' && (
          <Checkbox
            label={IMPORT_CREATE_MISSING_LABEL}
            checked={props.createMissing}
            onChange={(e) => {
              if (!props.busy) props.onCreateMissing(e.currentTarget.checked);
            }}
          />
        )}
        <ImportPreviewVerdict preview={preview} kind={kind} unmapped={unmapped} />
      </Stack>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose}>
          Anuluj
        </Button>
        <Button onClick={props.onImport} disabled={props.busy || preview.missingFields.length > 0}>
          Importuj
        </Button>
      </Group>
    </>
  );
}
