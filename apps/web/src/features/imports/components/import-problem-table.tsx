import { ScrollArea, Table, Text } from '@mantine/core';
import { IMPORT_MSG, type ImportProblem } from '@serwis/domain';

/** Problems listed on screen; the report file has them all. */
const SHOWN = 200;

export function ImportProblemTable({ problems, total }: { problems: ImportProblem[]; total: number }) {
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
