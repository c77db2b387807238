import { memo, startTransition, useEffect, useState } from 'react';
import {
  Badge,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { CHECKLIST_ANSWERS, type ProtocolChecklist, type ProtocolItem } from '@serwis/domain';

interface ChecklistEditorProps {
  list: ProtocolChecklist;
  /** How many of its rows are drawn yet (useRowsDrawn, counted over the protocol's lists). */
  drawn: number;
  readOnly: boolean;
  onItemChange: (key: string, item: ProtocolItem) => void;
}

/** Rows drawn with the checklist, then added per step until all are there. */
const FIRST_ROWS = 10;
/**
 * A step's rows: five, more on a long protocol (every step lays the whole page out again, so 600
 * rows five at a time took a minute on a tablet), in about 40 steps, at most 25 rows each.
 */
const stepRows = (total: number) => Math.min(25, Math.max(5, Math.round(total / 40)));

/**
 * How many of the protocol's `total` checklist rows to draw, over all its machines in order: the
 * first at once, the rest a few at a time, each step after the browser has had a turn (input,
 * paint) and as a transition that a tap or key interrupts. All 40 rows of a long list (some 280
 * Mantine inputs) in one commit froze a tablet for 2.4 s; counted per machine, an event of 40
 * machines drew 400 rows at once and froze it for 20 s. The answers live in the protocol's data,
 * not in the rows, so a row not drawn yet loses nothing.
 */
function useRowsDrawn(total: number) {
  const [drawn, setDrawn] = useState(FIRST_ROWS);
  useEffect(() => {
    if (drawn >= total) return;
    const timer = setTimeout(() => startTransition(() => setDrawn((n) => n + stepRows(total))));
    return () => clearTimeout(timer);
  }, [drawn, total]);
  return Math.min(drawn, total);
}

/** Where each machine's list starts among all the protocol's checklist rows, and how many there are. */
function rowsOfLists(lists: readonly ProtocolChecklist[]) {
  const rowsBefore: number[] = [];
  let rowsTotal = 0;
  for (const list of lists) {
    rowsBefore.push(rowsTotal);
    rowsTotal += list.items.length;
  }
  return { rowsBefore, rowsTotal };
}

/**
 * The machines' checklists, their rows drawn a few at a time over all the lists, the first
 * machine's first. The count lives here, not in the protocol's screen: each step draws the lists
 * again (a list whose rows did not change, cheaply), not the work, signatures and footer too.
 */
export function ChecklistEditors({
  lists,
  readOnly,
  onItemChange,
}: {
  lists: readonly ProtocolChecklist[];
  readOnly: boolean;
  onItemChange: (key: string, item: ProtocolItem) => void;
}) {
  const { rowsBefore, rowsTotal } = rowsOfLists(lists);
  const rowsDrawn = useRowsDrawn(rowsTotal);
  return lists.map((list, i) => (
    <ChecklistEditor
      key={list.deviceId}
      list={list}
      drawn={Math.min(list.items.length, Math.max(0, rowsDrawn - rowsBefore[i]!))}
      readOnly={readOnly}
      onItemChange={onItemChange}
    />
  ));
}

/** One machine's checklist: every operation answered, with a remark and its measurements (units shown). */
const ChecklistEditor = memo(function ChecklistEditor({
  list,
  drawn,
  readOnly,
  onItemChange,
}: ChecklistEditorProps) {
  const answered = list.items.filter((i) => i.answer).length;
  return (
    <Stack gap="xs" component="section" aria-label={`Lista kontrolna: ${list.deviceName}`}>
      <Group justify="space-between">
        <Title order={4} style={{ overflowWrap: 'anywhere' }}>
          {list.deviceName}
          {list.serialNumber ? ` (nr seryjny: ${list.serialNumber})` : ''}
        </Title>
        {list.items.length > 0 && (
          <Badge color={answered === list.items.length ? 'green' : 'gray'}>
            {`Odpowiedzi: ${answered} z ${list.items.length}`}
          </Badge>
        )}
      </Group>
      {list.items.length === 0 && <Text c="dimmed">Brak czynności na liście.</Text>}
      {list.items.slice(0, drawn).map((item, index) => (
        // Keyed by the operation too: when the protocol's own list replaces the one shown (an
        // administrator reordered it), the field being typed in is not handed to another operation
        // in its place (it loses the focus instead).
        <ChecklistRow
          key={`${item.key}|${item.name}`}
          index={index}
          item={item}
          readOnly={readOnly}
          onChange={onItemChange}
        />
      ))}
    </Stack>
  );
});

/** Mantine's labels set their own overflow-wrap: a long word in an operation's name must break there too. */
const LABEL_STYLES = { label: { overflowWrap: 'anywhere' } } as const;
const REMARK_STYLES = { ...LABEL_STYLES, input: { fieldSizing: 'content', maxHeight: '10.5em' } } as const;

const ChecklistRow = memo(function ChecklistRow({
  item,
  index,
  readOnly,
  onChange,
}: {
  item: ProtocolItem;
  index: number;
  readOnly: boolean;
  onChange: (key: string, item: ProtocolItem) => void;
}) {
  const title = `${index + 1}. ${item.name}`;
  return (
    // A long unbroken word in an operation's name (a part number, a link) breaks inside the row, in
    // its heading and its labels, instead of widening the page on a tablet.
    <Paper withBorder p="sm" role="group" aria-label={title} style={{ overflowWrap: 'anywhere' }}>
      <Stack gap="xs">
        <Text fw={600}>{title}</Text>
        <Radio.Group
          aria-label={`Ocena: ${item.name}`}
          value={item.answer || null}
          onChange={(answer) => onChange(item.key, { ...item, answer: answer as ProtocolItem['answer'] })}
        >
          <Group gap="lg" py={4}>
            {CHECKLIST_ANSWERS.map((a) => (
              <Radio
                key={a.name}
                size="md"
                value={a.name}
                label={a.label.toUpperCase()}
                disabled={readOnly}
                color={a.name === 'NIEPOPRAWNE' ? 'red' : a.name === 'POPRAWNE' ? 'green' : 'gray'}
                styles={{ body: { minHeight: 40, alignItems: 'center' } }}
              />
            ))}
          </Group>
        </Radio.Group>
        {item.fields.length > 0 && (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            {item.fields.map((field, i) => (
              <TextInput
                key={`${field.name}-${i}`}
                label={field.unit ? `${field.name} [${field.unit}]` : field.name}
                rightSection={field.unit ? <Text size="sm">{field.unit}</Text> : undefined}
                rightSectionWidth={field.unit ? Math.max(36, field.unit.length * 10 + 16) : undefined}
                inputMode="decimal"
                styles={LABEL_STYLES}
                readOnly={readOnly}
                value={field.value}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  onChange(item.key, {
                    ...item,
                    fields: item.fields.map((f, j) => (j === i ? { ...f, value } : f)),
                  });
                }}
              />
            ))}
          </SimpleGrid>
        )}
        {/*
         * Grows with a long remark, so the technician sees all of it (up to six lines, then it
         * scrolls). The browser sizes it (field-sizing), not a script measuring each of 40 rows.
         */}
        <Textarea
          label={`Uwagi: ${item.name}`}
          rows={1}
          styles={REMARK_STYLES}
          readOnly={readOnly}
          value={item.remark}
          onChange={(e) => onChange(item.key, { ...item, remark: e.currentTarget.value })}
        />
      </Stack>
    </Paper>
  );
});
