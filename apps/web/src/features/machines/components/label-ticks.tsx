import { createContext, useContext, type ReactNode } from 'react';
import { Box, Checkbox } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { Device } from '@serwis/domain';

/** The machines ticked for QR labels, the page's ids, and how to tick (use-label-selection.ts). */
interface LabelTicks {
  selected: ReadonlySet<number>;
  pageIds: number[];
  tick: (ids: number[], on: boolean) => void;
}

const LabelTicksContext = createContext<LabelTicks>({ selected: new Set(), pageIds: [], tick: () => {} });

/**
 * The ticks reach their boxes through this context rather than through the table's columns: columns
 * that changed with every tick drew every row of the page again (each row is memoised on its
 * columns), where now only the boxes are.
 */
export function LabelTicksProvider({ value, children }: { value: LabelTicks; children: ReactNode }) {
  return <LabelTicksContext.Provider value={value}>{children}</LabelTicksContext.Provider>;
}

function PageTick() {
  const { selected, pageIds, tick } = useContext(LabelTicksContext);
  if (pageIds.length === 0) return null;
  const ticked = pageIds.filter((id) => selected.has(id)).length;
  return (
    <Checkbox
      aria-label="Zaznacz do naklejek QR wszystkie maszyny tej strony"
      checked={ticked === pageIds.length}
      indeterminate={ticked > 0 && ticked < pageIds.length}
      onChange={(e) => tick(pageIds, e.currentTarget.checked)}
    />
  );
}

function RowTick({ device }: { device: Device }) {
  const { selected, tick } = useContext(LabelTicksContext);
  return (
    // The row opens the card on a click; the box must not (the row's Enter and Space are its own
    // only). The label around it is a 40 px target for a finger (the margin keeps the row as high).
    <Box
      component="label"
      display="inline-flex"
      p={8}
      m={-8}
      style={{ cursor: 'pointer', verticalAlign: 'middle' }}
      onClick={(e) => e.stopPropagation()}
    >
      <Checkbox
        aria-label={`Zaznacz do naklejek QR: ${device.name} (id ${device.id})`}
        checked={selected.has(device.id)}
        onChange={(e) => tick([device.id], e.currentTarget.checked)}
      />
    </Box>
  );
}

/** The first column of the machine lists: a box to tick a machine for QR labels, and one for the page. */
export const labelTickColumn: ColumnDef<Device, unknown> = {
  id: 'select',
  header: () => <PageTick />,
  enableSorting: false,
  cell: ({ row }) => <RowTick device={row.original} />,
};
