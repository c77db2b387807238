import type { ImportProblem } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import type { ReportProgress } from './imports.progress.js';

/** What an import's write did, for its answer and its audit entry. */
export interface WriteCounts {
  added: number;
  updated: number;
  unchanged: number;
  createdCustomers: number;
  createdCategories: number;
}

/** A file checked against the register: what the preview tells, and the write the import runs. */
export interface Analysis {
  mapping: (string | null)[];
  problems: ImportProblem[];
  badRows: Set<number>;
  total: number;
  added: number;
  updated: number;
  missingCustomers: string[];
  missingCategories: string[];
  /** The record each row that updates one would rewrite, by the row's number. */
  targets: Map<number, number>;
  /** Of the rows that find a record, the ids of those given as they are (the preview's "bez zmian"). */
  unchanged: (db: DbOrTx) => Promise<number[]>;
  /** Of the records the rows update, how many each field would empty (the preview warns of it). */
  cleared: (db: DbOrTx) => Promise<{ field: string; records: number }[]>;
  write: (tx: DbOrTx, report: ReportProgress) => Promise<WriteCounts>;
}
