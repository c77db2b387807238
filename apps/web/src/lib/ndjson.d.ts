/**
 * The lines of a streamed answer (`application/x-ndjson`), each parsed as JSON as soon as it has
 * arrived whole: a long call's progress is shown while it runs.
 */
export declare function ndjsonLines(response: Response): AsyncGenerator<unknown>;
