import { describe, expect, it } from 'vitest';
import { localPage } from './local-rows';

const rows = [
  { id: 1, name: 'Serwisant terenowy' },
  { id: 2, name: 'Tokarki' },
];
const page = (search: string) =>
  localPage(
    rows,
    { page: 1, size: 10, sorting: [], search },
    { accessors: { name: (r) => r.name }, searchFields: [(r) => r.name] },
  ).items.map((r) => r.id);

describe('localPage', () => {
  it('finds a record by a term pasted with a non-breaking or a zero-width space, as the server does', () => {
    expect(page('serwisant\u00a0terenowy')).toEqual([1]);
    expect(page('To\u200bkarki')).toEqual([2]);
    expect(page('TOKARKI')).toEqual([2]);
    expect(page('frezarki')).toEqual([]);
  });
});
