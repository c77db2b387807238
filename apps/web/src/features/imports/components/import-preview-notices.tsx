import { Alert, Text } from '@mantine/core';
import { IMPORT_MSG, repeatedFieldColumns, type ImportKind, type ImportPreview } from '@serwis/domain';

/**
 * Above the preview: what the file would do (or only its rows, while required fields wait for
 * columns), and the columns that need a look.
 */
export function ImportPreviewNotices(props: {
  preview: ImportPreview;
  kind: ImportKind;
  unmapped: string[];
}) {
  const { preview, kind, unmapped } = props;
  return (
    <>
      <Text size="sm">
        {unmapped.length
          ? IMPORT_MSG.previewRows(preview.fileName, preview.total)
          : IMPORT_MSG.previewSummary(
              preview.fileName,
              preview.total,
              preview.added,
              preview.updated,
              preview.unchanged,
            )}
        {preview.sheetName && ` ${IMPORT_MSG.sheetRead(preview.sheetName)}`}
      </Text>
      {unmapped.length > 0 && (
        <Alert color="yellow" role="status">
          {IMPORT_MSG.mapRequired(unmapped)}
        </Alert>
      )}
      {repeatedFieldColumns(kind, preview.headers, preview.mapping).map((r) => (
        <Alert key={r.column} color="yellow">
          {IMPORT_MSG.repeatedColumn(r.header, r.column, r.takenBy)}
        </Alert>
      ))}
      {preview.unheaded && (
        <Alert color="yellow">
          {IMPORT_MSG.unheadedValues(
            preview.unheaded.rows,
            preview.unheaded.firstRow,
            preview.unheaded.column,
          )}
        </Alert>
      )}
    </>
  );
}
