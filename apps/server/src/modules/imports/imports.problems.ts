import { IMPORT_MSG, IMPORT_READ_FROM, shownCell, type ImportProblem } from '@serwis/domain';
import type { z } from 'zod';
import type { Row } from './imports.rows.js';

/** The problems of a file's rows, each pointing at its row and column, and the rows that have one. */
export class Problems {
  list: ImportProblem[] = [];
  rows = new Set<number>();
  constructor(
    private headers: string[],
    private mapping: (string | null)[],
  ) {}
  /** The field whose column holds `key`'s value: itself, or the one it is read from. */
  private source(key: string) {
    const from = IMPORT_READ_FROM[key];
    return !this.mapping.includes(key) && from && this.mapping.includes(from) ? from : key;
  }
  column(key: string) {
    const index = this.mapping.indexOf(this.source(key));
    return index >= 0 ? this.headers[index]! : '';
  }
  add(row: Row, key: string, message: string) {
    this.rows.add(row.line);
    // A megabyte pasted into one cell is not repeated in the answer and the report.
    const value = shownCell(row.values[this.source(key)] ?? '');
    this.list.push({ row: row.line, column: this.column(key), value, message });
  }
  zod(row: Row, error: z.ZodError) {
    for (const issue of error.issues) {
      this.add(row, String(issue.path[0] ?? ''), IMPORT_MSG.cellMessage(issue.message));
    }
  }
}
