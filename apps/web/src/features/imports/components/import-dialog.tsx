import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  Progress,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  IMPORT_CREATE_MISSING_LABEL,
  IMPORT_MSG,
  IMPORT_REPORT_FILE_NAME,
  IMPORT_TEMPLATE_FILE_NAMES,
  IMPORT_TEMPLATE_XLSX_FILE_NAMES,
  XLSX_MEDIA_TYPE,
  importFileHint,
  importKeptFieldLabels,
  importMissingText,
  importProgressText,
  importReportCsv,
  importTemplateCsv,
  repeatedFieldColumns,
  type ImportFailure,
  type ImportKind,
  type ImportPreview,
  type ImportProblem,
  type ImportProgress,
  type ImportResult,
} from '@serwis/domain';
import { ErrorBanner } from '../../../components/error-banner';
import { errorMessage } from '../../../lib/api-client';
import { usePhone } from '../../../lib/use-phone';
import { saveBlob } from '../../../lib/download';
import { fetchImportTemplate, previewImport, runImport } from '../api/imports';

/** Problems listed on screen; the report file has them all. */
const SHOWN = 200;
const SKIP = '';

type Step =
  | { name: 'file' }
  | { name: 'preview'; preview: ImportPreview }
  | { name: 'running'; preview: ImportPreview }
  | { name: 'done'; result: ImportResult }
  | { name: 'failed'; failure: ImportFailure };

function ProblemTable({ problems, total }: { problems: ImportProblem[]; total: number }) {
  const shown = Math.min(problems.length, SHOWN);
  return (
    <>
      {shown < total && <Text size="sm">{IMPORT_MSG.problemsShown(shown, total)}</Text>}
      <ScrollArea.Autosize mah={260}>
        <Table striped withTableBorder aria-label="Błędy w wierszach">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Wiersz</Table.Th>
              <Table.Th>Kolumna</Table.Th>
              <Table.Th>Wartość</Table.Th>
              <Table.Th>Błąd</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {problems.slice(0, SHOWN).map((p, i) => (
              <Table.Tr key={i}>
                <Table.Td>{p.row}</Table.Td>
                <Table.Td>{p.column}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word', minWidth: 120 }}>{p.value}</Table.Td>
                <Table.Td>{p.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </>
  );
}

/**
 * How far the server has got: the step and its count as a filling bar; before its first word (the
 * file still on its way) and while it reads the file, a moving bar.
 */
function ProgressView({ progress, label }: { progress: ImportProgress | null; label: string }) {
  const counted = !!progress && progress.total > 0;
  const value = counted ? Math.floor((progress.done / progress.total) * 100) : 100;
  return (
    <Stack gap={4}>
      <Text size="sm">{progress ? importProgressText(progress) : IMPORT_MSG.uploading}</Text>
      <Progress value={value} animated={!counted} striped={!counted} aria-label={label} />
    </Stack>
  );
}

/** A link that saves a CSV made in the browser (the report of failed rows, a template). */
function CsvLink({ csv, fileName, children }: { csv: string; fileName: string; children: string }) {
  const href = useMemo(() => URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' })), [csv]);
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  return (
    <Anchor href={href} download={fileName} className="touch-link">
      {children}
    </Anchor>
  );
}

/** The report of failed rows: the same CSV the API gives with report=csv. */
function ReportLink({ problems }: { problems: ImportProblem[] }) {
  const csv = useMemo(() => importReportCsv(problems), [problems]);
  return (
    <CsvLink csv={csv} fileName={IMPORT_REPORT_FILE_NAME}>
      Pobierz raport błędów (CSV)
    </CsvLink>
  );
}

/**
 * Before a file is chosen: what it needs, and an empty one with the headers to fill in, as a CSV
 * made here or as the server's workbook (its lists and text columns), fetched when asked for.
 */
function FileHint({ kind }: { kind: ImportKind }) {
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

/** Where a problem shows in the preview: its row, and its column's index (-1: the whole row). */
const cellKey = (row: number, col: number) => `${row}:${col}`;

/** The preview's problems by cell: the mapped column of the problem's header, else its row. */
function problemsByCell(preview: ImportPreview): Map<string, string[]> {
  const shown = new Set(preview.rowNumbers);
  const byCell = new Map<string, string[]>();
  for (const problem of preview.problems) {
    if (!shown.has(problem.row)) continue;
    const col = preview.headers.findIndex((h, i) => h === problem.column && preview.mapping[i]);
    const key = cellKey(problem.row, col);
    byCell.set(key, [...(byCell.get(key) ?? []), problem.message]);
  }
  return byCell;
}

/**
 * A preview cell: its text, and under it what is wrong with it, the cell tinted red. A row's number
 * is tinted when anything in the row is wrong, so that a narrow screen shows which rows are.
 */
function PreviewCell(props: {
  text: string | number;
  messages: string[] | undefined;
  flagged?: boolean;
  /** The row's number cell: the record the row would rewrite. */
  updates?: number | null;
}) {
  const { text, messages } = props;
  return (
    <Table.Td
      bg={messages || props.flagged ? 'var(--mantine-color-red-light)' : undefined}
      style={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}
    >
      {text}
      {props.flagged && (
        // Not the colour alone: a mark beside the number too.
        <IconAlertTriangle
          size={14}
          color="var(--mantine-color-red-filled)"
          role="img"
          aria-label="Wiersz z błędem"
          style={{ marginLeft: 4, verticalAlign: 'text-bottom' }}
        />
      )}
      {props.updates != null && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {IMPORT_MSG.rowUpdates(props.updates)}
        </Text>
      )}
      {messages?.map((message, i) => (
        <Text key={i} size="xs" c="var(--mantine-color-red-light-color)" fw={500}>
          {message}
        </Text>
      ))}
    </Table.Td>
  );
}

function PreviewView(props: {
  preview: ImportPreview;
  kind: ImportKind;
  busy: boolean;
  createMissing: boolean;
  onMapping: (mapping: (string | null)[]) => void;
  onCreateMissing: (value: boolean) => void;
}) {
  const { preview, kind } = props;
  const options = [
    { value: SKIP, label: '(pomiń kolumnę)' },
    ...preview.fields.map((f) => ({ value: f.key, label: f.required ? `${f.label} *` : f.label })),
  ];
  const missing = importMissingText(preview.missingCustomers, preview.missingCategories);
  const problems = useMemo(() => problemsByCell(preview), [preview]);
  const badLines = useMemo(() => new Set(preview.problems.map((p) => p.row)), [preview]);
  // Required fields without a column: the rows wait for them to be chosen.
  const unmapped = preview.fields.filter((f) => preview.missingFields.includes(f.key)).map((f) => f.label);
  const kept = preview.updated > 0 ? importKeptFieldLabels(kind, preview.mapping) : [];
  return (
    <Stack gap="sm">
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
      <ScrollArea>
        <Table withTableBorder aria-label="Podgląd pliku">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Wiersz</Table.Th>
              {preview.headers.map((header, col) => (
                <Table.Th key={col} miw={220}>
                  <Text size="xs" c="dimmed">
                    {header}
                  </Text>
                  <Select
                    aria-label={`Pole kolumny ${header}`}
                    data={options}
                    value={preview.mapping[col] ?? SKIP}
                    allowDeselect={false}
                    // Read-only, not disabled, while the preview reloads: a disabled field loses the
                    // keyboard's focus to the page behind the dialog.
                    readOnly={props.busy}
                    onChange={(value) => {
                      const mapping = preview.mapping.map((m, i) => (i === col ? value || null : m));
                      // A field keeps one column: taking it elsewhere frees the old one.
                      props.onMapping(mapping.map((m, i) => (i !== col && value && m === value ? null : m)));
                    }}
                  />
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.map((row, r) => {
              const line = preview.rowNumbers[r]!;
              return (
                <Table.Tr key={line}>
                  <PreviewCell
                    text={line}
                    messages={problems.get(cellKey(line, -1))}
                    flagged={badLines.has(line)}
                    updates={preview.rowTargets[r]}
                  />
                  {row.map((cell, c) => (
                    <PreviewCell key={c} text={cell} messages={problems.get(cellKey(line, c))} />
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {kind !== 'customers' && (
        <Checkbox
          label={IMPORT_CREATE_MISSING_LABEL}
          checked={props.createMissing}
          onChange={(e) => {
            if (!props.busy) props.onCreateMissing(e.currentTarget.checked);
          }}
        />
      )}
      {missing && <Text size="sm">{missing}</Text>}
      {kept.length > 0 && <Text size="sm">{IMPORT_MSG.keptFields(kept)}</Text>}
      {unmapped.length > 0 ? null : preview.problemCount > 0 ? (
        <Alert color="red" title={IMPORT_MSG.problemsTitle(preview.badRows, preview.problemCount)}>
          {IMPORT_MSG.fixProblems}
        </Alert>
      ) : (
        <Alert color="green">{IMPORT_MSG.allRowsValid}</Alert>
      )}
      {preview.problemCount > 0 && <ProblemTable problems={preview.problems} total={preview.problemCount} />}
    </Stack>
  );
}

/** Choose a file → preview with the column mapping and row messages → import → result or report. */
export function ImportDialog({ kind, onClose }: { kind: ImportKind; onClose: () => void }) {
  const client = useQueryClient();
  const phone = usePhone();
  const [file, setFile] = useState<File | null>(null);
  const [createMissing, setCreateMissing] = useState(false);
  const [step, setStep] = useState<Step>({ name: 'file' });
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [error, setError] = useState<string | null>(null);

  const preview = async (chosen: File, mapping: (string | null)[] | undefined, create: boolean) => {
    setBusy(true);
    setProgress(null);
    setError(null);
    try {
      setStep({
        name: 'preview',
        preview: await previewImport({ kind, file: chosen, mapping, createMissing: create }, setProgress),
      });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const start = async (current: ImportPreview) => {
    if (!file) return;
    setStep({ name: 'running', preview: current });
    setProgress(null);
    setError(null);
    try {
      const outcome = await runImport({ kind, file, mapping: current.mapping, createMissing }, setProgress);
      if (outcome.ok) {
        setStep({ name: 'done', result: outcome.result });
        await client.invalidateQueries();
      } else setStep({ name: 'failed', failure: outcome.failure });
    } catch (e) {
      setError(errorMessage(e));
      setStep({ name: 'preview', preview: current });
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={IMPORT_MSG.titles[kind]}
      size="90%"
      fullScreen={phone}
      closeOnClickOutside={false}
      // While the import runs it cannot be stopped (one transaction): the dialog stays for its outcome.
      withCloseButton={step.name !== 'running'}
      closeOnEscape={step.name !== 'running'}
    >
      <Stack>
        {step.name === 'file' && !busy && <FileHint kind={kind} />}
        {(step.name === 'file' || step.name === 'preview') && (
          <FileInput
            label="Plik CSV lub XLSX"
            placeholder="Wybierz plik"
            accept={`.csv,.txt,.xlsx,text/csv,${XLSX_MEDIA_TYPE}`}
            value={file}
            disabled={busy}
            onChange={(chosen) => {
              setFile(chosen);
              // Another file's preview (and its columns' fields) never stays beside this one.
              setStep({ name: 'file' });
              if (chosen) void preview(chosen, undefined, createMissing);
            }}
          />
        )}
        {busy && <ProgressView progress={progress} label="Sprawdzanie pliku" />}
        {error && <Alert color="red">{error}</Alert>}
        {step.name === 'preview' && (
          <>
            <PreviewView
              preview={step.preview}
              kind={kind}
              busy={busy}
              createMissing={createMissing}
              onMapping={(mapping) => file && preview(file, mapping, createMissing)}
              onCreateMissing={(value) => {
                setCreateMissing(value);
                if (file) void preview(file, step.preview.mapping, value);
              }}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Anuluj
              </Button>
              <Button
                onClick={() => start(step.preview)}
                disabled={busy || step.preview.missingFields.length > 0}
              >
                Importuj
              </Button>
            </Group>
          </>
        )}
        {step.name === 'running' && (
          <Stack gap="xs">
            <Text>{IMPORT_MSG.importing(step.preview.total)}</Text>
            <ProgressView progress={progress} label="Postęp importu" />
          </Stack>
        )}
        {step.name === 'done' && (
          <>
            <Alert color="green" title={IMPORT_MSG.doneTitle}>
              {step.result.message}
              {step.result.createdCustomers > 0 &&
                ` ${IMPORT_MSG.createdCustomers(step.result.createdCustomers)}`}
              {step.result.createdCategories > 0 &&
                ` ${IMPORT_MSG.createdCategories(step.result.createdCategories)}`}
            </Alert>
            <Group justify="flex-end">
              <Button onClick={onClose}>Zamknij</Button>
            </Group>
          </>
        )}
        {step.name === 'failed' && (
          <>
            <Alert color="red" title="Nie zaimportowano">
              {step.failure.message}
            </Alert>
            <ReportLink problems={step.failure.problems} />
            <ProblemTable problems={step.failure.problems} total={step.failure.problemCount} />
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => {
                  setFile(null);
                  setStep({ name: 'file' });
                }}
              >
                Wybierz inny plik
              </Button>
              <Button onClick={onClose}>Zamknij</Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
