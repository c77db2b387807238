import { useMemo } from 'react';
import { Alert, Button, Group } from '@mantine/core';
import {
  IMPORT_REPORT_FILE_NAME,
  importReportCsv,
  type ImportFailure,
  type ImportProblem,
} from '@serwis/domain';
import { CsvLink } from './csv-link';
import { ImportProblemTable } from './import-problem-table';
import { useFocusWhenLost } from '../../../lib/focus-when-lost';

/** The report of failed rows: the same CSV the API gives with report=csv. */
function ReportLink({ problems }: { problems: ImportProblem[] }) {
  const csv = useMemo(() => importReportCsv(problems), [problems]);
  return (
    <CsvLink csv={csv} fileName={IMPORT_REPORT_FILE_NAME}>
      Pobierz raport błędów (CSV)
    </CsvLink>
  );
}

/** Nothing was imported: why, row by row, and the way back to choosing a file. */
export function ImportFailedStep(props: {
  failure: ImportFailure;
  onChooseAnother: () => void;
  onClose: () => void;
}) {
  const { failure } = props;
  const takeFocus = useFocusWhenLost<HTMLDivElement>();
  return (
    <>
      <Alert ref={takeFocus} tabIndex={-1} color="red" title="Nie zaimportowano">
        {failure.message}
      </Alert>
      <ReportLink problems={failure.problems} />
      <ImportProblemTable problems={failure.problems} total={failure.problemCount} />
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onChooseAnother}>
          Wybierz inny plik
        </Button>
        <Button onClick={props.onClose}>Zamknij</Button>
      </Group>
    </>
  );
}
