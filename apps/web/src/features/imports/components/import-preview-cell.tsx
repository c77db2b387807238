import { Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { IMPORT_MSG, type ImportPreview } from '@serwis/domain';

/** Where a problem shows in the preview: its row, and its column's index (-1: the whole row). */
export const cellKey = (row: number, col: number) => `${row}:${col}`;

/** The preview's problems by cell: the mapped column of the problem's header, else its row. */
export function problemsByCell(preview: ImportPreview): Map<string, string[]> {
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
export function PreviewCell(props: {
  text: string | number;
  messages: string[] | undefined;
  flagged?: boolean;
  /** The row's number cell: the record the row would rewrite. */
  updates?: number | null;
  /** ...and whether the row gives that record as it already is. */
  unchanged?: boolean;
}) {
  const { text, messages } = props;
  return (
    <Table.Td
      bg={messages || props.flagged ? 'var(--mantine-color-red-light)' : undefined}
      style={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}
    >
      {text}
      {/* A space before the mark, so that the cell reads "3 Wiersz z błędem", not "3Wiersz…". */}
      {props.flagged && ' '}
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
          {props.unchanged ? IMPORT_MSG.rowUnchanged(props.updates) : IMPORT_MSG.rowUpdates(props.updates)}
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
