import { describe, expect, it } from 'vitest';
import {
  protocolDataSchema,
  type ProtocolChecklist,
  type ProtocolData,
  type ProtocolItem,
} from '@serwis/domain';
import { answersLeftOut, mergeDrafts } from './merge-drafts';

const row = (key: string, answer: ProtocolItem['answer'] = '', remark = ''): ProtocolItem => ({
  key,
  name: `Czynność ${key}`,
  fields: [],
  answer,
  remark,
});

/** An empty form (the schema's defaults) of one machine's list with rows "a" and "b". */
function data(overrides: Partial<ProtocolData> = {}): ProtocolData {
  return {
    ...protocolDataSchema.parse({
      checklists: [
        {
          deviceId: 5,
          deviceName: 'Prasa',
          serialNumber: 'P-1',
          kind: 'SERVICE',
          items: [row('a'), row('b')],
        },
      ],
    }),
    ...overrides,
  };
}

const withRows = (items: ProtocolItem[]): ProtocolChecklist[] =>
  data().checklists.map((list) => ({ ...list, items }));

describe('mergeDrafts', () => {
  it("keeps this screen's changes and takes the other screen's everywhere else", () => {
    const base = data();
    const mine = data({
      recommendations: 'Smarować',
      checklists: withRows([row('a', 'POPRAWNE'), row('b')]),
    });
    const theirs = data({
      workDone: 'Wymieniono łożysko',
      kilometers: 42,
      checklists: withRows([row('a'), row('b', 'NIEPOPRAWNE', 'Luz')]),
    });
    expect(mergeDrafts(base, mine, theirs)).toEqual(
      data({
        workDone: 'Wymieniono łożysko',
        kilometers: 42,
        recommendations: 'Smarować',
        checklists: withRows([row('a', 'POPRAWNE'), row('b', 'NIEPOPRAWNE', 'Luz')]),
      }),
    );
  });

  it("gives a field changed on both screens this screen's value, and keeps the server's rows", () => {
    const base = data({ workDone: 'Start' });
    const mine = data({ workDone: 'Moja wersja', checklists: withRows([row('a', 'POPRAWNE'), row('b')]) });
    // The other screen's list has lost row "b" and gained "c" (the protocol's own list).
    const theirs = data({ workDone: 'Ich wersja', checklists: withRows([row('a'), row('c', 'POPRAWNE')]) });
    const merged = mergeDrafts(base, mine, theirs);
    expect(merged.workDone).toBe('Moja wersja');
    expect(merged.checklists[0].items).toEqual([row('a', 'POPRAWNE'), row('c', 'POPRAWNE')]);
  });
});

describe('answersLeftOut', () => {
  it('names what was typed for operations the protocol no longer has, and nothing for empty rows', () => {
    const shown = withRows([
      { ...row('a', 'NIEPOPRAWNE', 'kabel za krótki'), name: 'Podłączenie zasilania' },
      { ...row('b'), name: 'Test bezpieczeństwa' },
      {
        ...row('c'),
        name: 'Pomiar ciśnienia',
        fields: [{ name: 'Ciśnienie', unit: 'bar', value: '2,5' }],
      },
      row('d', 'POPRAWNE'),
    ]);
    // Renamed, deleted, deleted; "d" stays.
    const stored = withRows([{ ...row('a'), name: 'Podłączenie zasilania 400 V' }, row('d', 'POPRAWNE')]);
    expect(answersLeftOut(shown, stored)).toEqual([
      '„Podłączenie zasilania” (Prasa): Niepoprawne, uwagi: kabel za krótki',
      '„Pomiar ciśnienia” (Prasa): Ciśnienie: 2,5 bar',
    ]);
  });
});

describe('mergeDrafts on what the server gives back', () => {
  it('takes a row or a material in the key order of the stored form for the same value', () => {
    // The screen's own objects (keys in the order it builds them) against the version it last saved,
    // as jsonb gave it back (keys in its own order): nothing was changed on this screen since.
    const typedRow = { key: 'a', name: 'Czynność a', fields: [], answer: 'POPRAWNE' as const, remark: '' };
    const storedRow = { key: 'a', name: 'Czynność a', answer: 'POPRAWNE' as const, fields: [], remark: '' };
    const base = data({
      materials: [{ name: 'Smar', unit: 'kg', quantity: '1' }],
      checklists: withRows([storedRow]),
    });
    const mine = data({
      materials: [{ name: 'Smar', quantity: '1', unit: 'kg' }],
      checklists: withRows([typedRow]),
      nights: 1,
    });
    // The other screen added a material and answered the row otherwise since.
    const theirs = data({
      materials: [
        { name: 'Smar', unit: 'kg', quantity: '1' },
        { name: 'Filtr', unit: 'szt.', quantity: '2' },
      ],
      checklists: withRows([{ ...storedRow, answer: 'NIEPOPRAWNE', remark: 'Luz' }]),
    });
    const merged = mergeDrafts(base, mine, theirs);
    expect(merged.materials.map((m) => m.name)).toEqual(['Smar', 'Filtr']);
    expect(merged.checklists[0].items[0]).toMatchObject({ answer: 'NIEPOPRAWNE', remark: 'Luz' });
    expect(merged.nights).toBe(1);
  });
});

describe('mergeDrafts of one row and of the materials changed on both screens', () => {
  it("keeps each screen's answer, remark and measurement of the same row", () => {
    const measured = (answer: ProtocolItem['answer'], remark: string, volts: string, amps: string) => ({
      ...row('a', answer, remark),
      fields: [
        { name: 'Napięcie', unit: 'V', value: volts },
        { name: 'Prąd', unit: 'A', value: amps },
      ],
    });
    const base = data({ checklists: withRows([measured('', '', '', '')]) });
    const mine = data({ checklists: withRows([measured('NIEPOPRAWNE', '', '230', '')]) });
    const theirs = data({ checklists: withRows([measured('', 'Luz na wrzecionie', '', '16')]) });
    expect(mergeDrafts(base, mine, theirs).checklists[0].items[0]).toEqual(
      measured('NIEPOPRAWNE', 'Luz na wrzecionie', '230', '16'),
    );
  });

  it('keeps the materials each screen added, and drops those each removed', () => {
    const oil = { name: 'Olej', quantity: '2', unit: 'l' };
    const filter = { name: 'Filtr', quantity: '1', unit: 'szt.' };
    const belt = { name: 'Pasek', quantity: '1', unit: 'szt.' };
    const base = data({ materials: [belt] });
    // This screen added the oil; the other added the filter and removed the belt.
    const mine = data({ materials: [belt, oil] });
    const theirs = data({ materials: [filter] });
    expect(mergeDrafts(base, mine, theirs).materials).toEqual([filter, oil]);
  });

  it("adds or removes a material once when the server's version is this screen's own save", () => {
    const oil = { name: 'Olej', quantity: '2', unit: 'l' };
    const belt = { name: 'Pasek', quantity: '1', unit: 'szt.' };
    // This screen's save reached the server but its answer did not (the network went): the next save
    // on the old base is refused, and the server's version is the very list this screen has.
    const added = data({ materials: [belt, oil] });
    expect(mergeDrafts(data({ materials: [belt] }), added, added).materials).toEqual([belt, oil]);
    const removed = data({ materials: [belt] });
    expect(mergeDrafts(data({ materials: [belt, belt] }), removed, removed).materials).toEqual([belt]);
    // And the other screen's own addition of a row this screen has too is kept beside this one's.
    const theirs = data({ materials: [belt, belt, oil] });
    expect(mergeDrafts(data({ materials: [belt] }), added, theirs).materials).toEqual([belt, belt, oil]);
  });

  it('keeps a material edited here at its place, beside the rows the other screen added', () => {
    const filter = (quantity: string) => ({ name: 'Filtr', quantity, unit: 'szt.' });
    const seal = { name: 'Uszczelka', quantity: '4', unit: 'szt.' };
    const cable = { name: 'Kabel', quantity: '3', unit: 'm' };
    const base = data({ materials: [filter('1'), seal] });
    const mine = data({ materials: [filter('7'), seal] });
    expect(mergeDrafts(base, mine, data({ materials: [filter('1'), seal, cable] })).materials).toEqual([
      filter('7'),
      seal,
      cable,
    ]);
    // The server's version this screen's own save whose answer was lost (the cable added there).
    const echoed = data({ materials: [filter('1'), seal, cable] });
    const edited = data({ materials: [filter('7'), seal, cable] });
    expect(mergeDrafts(base, edited, echoed).materials).toEqual([filter('7'), seal, cable]);
  });

  it('keeps each of two measurements of the same name', () => {
    const pressure = (bar: string, psi: string) => ({
      ...row('a'),
      fields: [
        { name: 'Ciśnienie', unit: 'bar', value: bar },
        { name: 'Ciśnienie', unit: 'psi', value: psi },
      ],
    });
    const base = data({ checklists: withRows([pressure('', '')]) });
    const mine = data({ checklists: withRows([pressure('', '87')]) });
    const theirs = data({ checklists: withRows([pressure('6', '')]) });
    expect(mergeDrafts(base, mine, theirs).checklists[0].items[0]).toEqual(pressure('6', '87'));
  });
});
