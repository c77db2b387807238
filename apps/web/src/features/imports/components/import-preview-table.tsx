import { useMemo } from 'react';
import { ScrollArea, Select, Table, Text } from '@mantine/core';
import type { ImportPreview } from '@serwis/domain';
import { PreviewCell, cellKey, problemsByCell } from './import-preview-cell';

const SKIP = '';

/** The file's first rows under its headers, each header with the field its column fills. */
export function ImportPreviewTable(props: {
  preview: ImportPreview;
  busy: boolean;
  onMapping: (mapping: (string | null)[]) => void;
}) {
  const { preview } = props;
  const options = [
    { value: SKIP, label: '(pomiń kolumnę)' },
    ...preview.fields.map((f) => ({ value: f.key, label: f.required ? `${f.label} *` : f.label })),
  ];
  const problems = useMemo(() => problemsByCell(preview), [preview]);
  const badLines = useMemo(() => new Set(preview.problems.map((p) => p.row)), [preview]);
  return (
    <ScrollArea>
      <Table withTableBorder aria-label="Podgląd pliku">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Wiersz</Table.Th>
            {preview.headers.map((header, col) => (
              // Named by the file's header alone: the select's value joined it ("Miejscowość Miejscowość").
              <Table.Th key={col} miw={220} aria-label={header}>
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
                  unchanged={preview.rowUnchanged[r]}
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
  );
}
