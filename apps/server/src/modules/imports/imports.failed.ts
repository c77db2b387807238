import { IMPORT_MSG, type ImportFailure, type ImportProblem } from '@serwis/domain';

/** The import's answer when any row is wrong: nothing was written. */
export class ImportFailed extends Error {
  constructor(
    readonly problems: ImportProblem[],
    readonly badRows: number,
    readonly total: number,
  ) {
    super(IMPORT_MSG.failed(badRows));
  }

  /** What the import answers: the 422's body, or a streamed import's `failure` line. */
  answer(): ImportFailure {
    return {
      message: this.message,
      code: 'IMPORT_INVALID',
      problems: this.problems,
      problemCount: this.problems.length,
      badRows: this.badRows,
      total: this.total,
    };
  }
}
