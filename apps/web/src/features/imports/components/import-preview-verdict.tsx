import { Alert, Text } from '@mantine/core';
import {
  IMPORT_MSG,
  importClearedText,
  importKeptFieldLabels,
  importMissingText,
  type ImportKind,
  type ImportPreview,
} from '@serwis/domain';
import { ImportProblemTable } from './import-problem-table';

/**
 * Under the preview: what the import would create or keep, and whether every row can go in (else
 * what is wrong with them).
 */
export function ImportPreviewVerdict(props: {
  preview: ImportPreview;
  kind: ImportKind;
  unmapped: string[];
}) {
  const { preview, kind, unmapped } = props;
  const missing = importMissingText(preview.missingCustomers, preview.missingCategories);
  const kept = preview.updated > 0 ? importKeptFieldLabels(kind, preview.mapping) : [];
  const cleared = importClearedText(kind, preview.cleared);
  return (
    <>
      {missing && <Text size="sm">{missing}</Text>}
      {kept.length > 0 && <Text size="sm">{IMPORT_MSG.keptFields(kept)}</Text>}
      {cleared && (
        <Alert color="yellow" role="status">
          {cleared}
        </Alert>
      )}
      {unmapped.length > 0 ? null : preview.problemCount > 0 ? (
        <Alert color="red" title={IMPORT_MSG.problemsTitle(preview.badRows, preview.problemCount)}>
          {IMPORT_MSG.fixProblems}
        </Alert>
      ) : (
        <Alert color="green">{IMPORT_MSG.allRowsValid}</Alert>
      )}
      {preview.problemCount > 0 && (
        <ImportProblemTable problems={preview.problems} total={preview.problemCount} />
      )}
    </>
  );
}
