/** One list call of the product, measured by bench/lists.ts on its first and its 1,000th page. */
export interface ListScenario {
  /** Group name for `--only=` (rejestr, serwis, …). */
  group: string;
  name: string;
  /** The URL of page `page` (1 or 1000); without paging parameters when `page` is undefined. */
  url: (page: number) => string;
  /** POST with this body; GET without one. */
  body?: object;
  /** Pages measured (default 1 and 1000). */
  pages?: number[];
}

/** `path?page=…&size=…&extra` */
export const paged =
  (path: string, size: number, extra: Record<string, string> = {}) =>
  (page: number) =>
    `${path}?${new URLSearchParams({ page: String(page), size: String(size), ...extra })}`;

/** The `app.inject` request of a scenario's page: POST with its body, else GET. */
export const listRequest = (scenario: ListScenario, page: number, headers: Record<string, string>) => {
  const url = scenario.url(page);
  return scenario.body
    ? { method: 'POST' as const, url, headers, payload: scenario.body }
    : { method: 'GET' as const, url, headers };
};
