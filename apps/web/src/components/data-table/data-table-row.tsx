import { memo, type KeyboardEvent, type MouseEvent } from 'react';
import { flexRender, type Cell, type ColumnDef, type Row } from '@tanstack/react-table';
import { Table } from '@mantine/core';

/** The class of `meta.stickyEnd`'s cells, also for a plain table's row buttons (data-table.css). */
export const STICKY_END = 'data-table-sticky-end';

/**
 * A body cell is a plain `<td>` with the classes Mantine's `Table.Td` gives it: the table's look
 * comes from those classes and the row's attributes, and the component around each of a page's
 * hundreds of cells resolved its props, styles and class names anew (bench/list-back.ts: a 30-row
 * page back from a card at 4× CPU, drawn after 762 → 611 ms).
 */
const CELL = `${Table.classes.td} mantine-Table-td`;
const STICKY_END_CELL = `${CELL} ${STICKY_END}`;

/**
 * A cell's function is called, not mounted: `flexRender` makes it a component, and a screen that
 * builds its columns as it draws (the parts tab) gave each cell a new component at each drawing,
 * so every cell's buttons were taken off the page and made again. The focus on a row's button went
 * with them (a part deleted by keyboard, the next part's delete was no longer there to focus), and
 * the work was wasted. The cells call no hooks; those that need one draw a component of their own.
 */
function drawCell<T>(cell: Cell<T, unknown>) {
  const draw = cell.column.columnDef.cell;
  return typeof draw === 'function' ? draw(cell.getContext()) : flexRender(draw, cell.getContext());
}

interface DataTableRowProps<T> {
  row: Row<T>;
  /** The column definitions (a screen rebuilds them when what its cells show changes). */
  columns: ColumnDef<T, any>[];
  /** The ids of the shown columns. */
  visible: string;
  label?: string;
  /** The address the row opens (Ctrl, Shift or the middle button: a new tab, see `openElsewhere`). */
  href?: string;
  /** Opens the row (`id`: its row id); the same function from render to render, or every row would be drawn again. */
  onOpen?: (row: T, id: string) => void;
}

/**
 * A click that asks for a new tab or window (Ctrl or ⌘, Shift, the middle button) on a row that
 * opens a screen: the screen opens there, as a link's would. Ctrl+click opened it in this tab, and
 * the middle button did nothing, on every list.
 */
function openElsewhere(event: MouseEvent, href: string | undefined) {
  const elsewhere = event.button === 1 || event.ctrlKey || event.metaKey || event.shiftKey;
  if (!href || !elsewhere) return false;
  event.preventDefault();
  window.open(href, '_blank', 'noopener');
  return true;
}

function DataTableRowView<T>({ row, label, href, onOpen }: DataTableRowProps<T>) {
  const onKeyDown = (event: KeyboardEvent) => {
    // Only the row's own keys: Enter on a button of the row ("Usuń część") is that button's, and
    // opening the row instead left a keyboard user no way to delete a part, a file or an incident.
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen?.(row.original, row.id);
    }
  };
  return (
    <Table.Tr
      onClick={
        onOpen
          ? (event) => {
              if (!openElsewhere(event, href)) onOpen(row.original, row.id);
            }
          : undefined
      }
      onAuxClick={href ? (event) => void openElsewhere(event, href) : undefined}
      // The middle button's own scrolling mode would take its click.
      onMouseDown={href ? (event) => event.button === 1 && event.preventDefault() : undefined}
      onKeyDown={onOpen ? onKeyDown : undefined}
      tabIndex={onOpen ? 0 : undefined}
      className={onOpen ? 'data-table-row' : undefined}
      aria-label={label}
      data-row-id={onOpen ? row.id : undefined}
      style={onOpen ? { cursor: 'pointer' } : undefined}
    >
      {row.getVisibleCells().map((cell) => (
        <td
          key={cell.id}
          className={cell.column.columnDef.meta?.stickyEnd ? STICKY_END_CELL : CELL}
          style={{
            whiteSpace: cell.column.columnDef.meta?.nowrap ? 'nowrap' : undefined,
            minWidth: cell.column.columnDef.meta?.minWidth,
            textAlign: cell.column.columnDef.meta?.align,
          }}
        >
          {drawCell(cell)}
        </td>
      ))}
    </Table.Tr>
  );
}

/**
 * TanStack builds new row objects whenever the page's array is new (each fetch, each `?? []`), so
 * a row is compared by what its cells draw from: its record and the columns. A cell must therefore
 * draw from its record and its column definition, not from the table's state.
 */
const sameRow = <T,>(before: DataTableRowProps<T>, after: DataTableRowProps<T>) =>
  before.row.original === after.row.original &&
  before.row.id === after.row.id &&
  before.row.index === after.row.index &&
  before.columns === after.columns &&
  before.visible === after.visible &&
  before.label === after.label &&
  before.href === after.href &&
  before.onOpen === after.onOpen;

/**
 * One body row. Memoised: dimming the rows while the next page loads, or a sort arrow, drew every
 * cell of a 100-row page again (about a second on a tablet).
 */
export const DataTableRow = memo(DataTableRowView, sameRow) as typeof DataTableRowView;
