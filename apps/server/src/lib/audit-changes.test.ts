import { describe, expect, it } from 'vitest';
import { machineStatusLabel, serviceTypeLabel } from '@serwis/domain';
import {
  auditChanges,
  bare,
  fieldChange,
  fieldsNamed,
  labelled,
  quoted,
  yesNo,
  type AuditField,
} from './audit-changes.js';

interface Row {
  name: string;
  status: string;
  date: string | null;
  months: number;
  types: string[];
  notes: string;
  active: boolean;
}

const FIELDS: AuditField<Row>[] = [
  { key: 'name', name: 'nazwa' },
  { key: 'status', name: 'status', show: labelled(machineStatusLabel) },
  { key: 'date', name: 'data', show: bare },
  { key: 'months', name: 'miesiące' },
  { key: 'types', name: 'typ', show: labelled(serviceTypeLabel) },
  { key: 'notes', name: 'uwagi', changed: 'uwagi zmienione' },
  { key: 'active', name: 'aktywna', show: yesNo },
];

const row: Row = {
  name: 'Tokarka',
  status: 'OK',
  date: '2026-03-01',
  months: 12,
  types: ['NAPRAWA'],
  notes: 'długi tekst',
  active: true,
};

describe('auditChanges', () => {
  it('lists nothing when no field changed', () => {
    expect(auditChanges(row, { ...row, types: ['NAPRAWA'] }, FIELDS)).toEqual([]);
  });

  it('takes a list in another order for the same choices (types ticked off and on again)', () => {
    const two = { ...row, types: ['NAPRAWA', 'PRZEGLAD_OKRESOWY'] };
    expect(auditChanges(two, { ...two, types: ['PRZEGLAD_OKRESOWY', 'NAPRAWA'] }, FIELDS)).toEqual([]);
    expect(auditChanges(two, { ...two, types: ['NAPRAWA', 'NAPRAWA'] }, FIELDS)).toHaveLength(1);
  });

  it('lists each changed field in the list order, "pole: stara → nowa"', () => {
    const after: Row = {
      name: 'Tokarka 2',
      status: 'BROKEN',
      date: null,
      months: 24,
      types: ['NAPRAWA', 'INSTALACJA'],
      notes: 'inny tekst',
      active: false,
    };
    expect(auditChanges(row, after, FIELDS)).toEqual([
      'nazwa: „Tokarka” → „Tokarka 2”',
      'status: Ok → Awaria',
      'data: 2026-03-01 → —',
      'miesiące: 12 → 24',
      'typ: „Naprawa” → „Naprawa, Instalacja”',
      'uwagi zmienione',
      'aktywna: tak → nie',
    ]);
  });

  it('takes null, undefined and an empty text for the same "no value"', () => {
    expect(fieldChange('data', null, '')).toEqual([]);
    expect(fieldChange('data', undefined, null)).toEqual([]);
    expect(fieldChange('data', '', '2026-01-02', bare)).toEqual(['data: — → 2026-01-02']);
    expect(fieldChange('typ', [], ['NAPRAWA'], labelled(serviceTypeLabel))).toEqual(['typ: — → „Naprawa”']);
  });

  it('compares a number with its stored text as the log shows them', () => {
    expect(fieldChange('dni urlopu', 26, '26')).toEqual([]);
  });
});

describe('shown values', () => {
  it('quotes text, leaves numbers, dates and labels bare, and shows no value as a dash', () => {
    expect(quoted('ACME')).toBe('„ACME”');
    expect(quoted(7)).toBe('7');
    expect(quoted('')).toBe('—');
    expect(bare('2026-03-01')).toBe('2026-03-01');
    expect(bare(null)).toBe('—');
    expect(labelled(machineStatusLabel)('DANGER')).toBe('Pilna awaria');
    expect(labelled(machineStatusLabel)('NIEZNANY')).toBe('NIEZNANY');
    expect(labelled(machineStatusLabel)(null)).toBe('—');
  });
});

describe('fieldsNamed', () => {
  it('makes the fields of a names list in its order, each shown as told or quoted', () => {
    const fields = fieldsNamed<Row>({ name: 'nazwa', date: 'data' }, { date: bare });
    expect(fields).toEqual([
      { key: 'name', name: 'nazwa', show: undefined },
      { key: 'date', name: 'data', show: bare },
    ]);
    expect(auditChanges(row, { ...row, name: 'Frezarka', date: null }, fields)).toEqual([
      'nazwa: „Tokarka” → „Frezarka”',
      'data: 2026-03-01 → —',
    ]);
  });
});
