import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import {
  EXTRA_FIELDS_MARKER,
  OPERATION_LIMITS,
  ServiceOperationsError,
  cleanFieldPart,
  decodeOperations,
  formatOperation,
  formatOperations,
  normaliseOperationName,
  operationNameError,
  parseOperationItem,
  parseOperations,
  sameOperations,
} from './service-operations.js';

const stored = JSON.stringify([
  'Sprawdzenie ciśnienia\n@dodatkowePola{Ciśnienie+bar;Temperatura+°C}',
  'Wymiana filtra\n@dodatkowePola{}',
]);

describe('parseOperations', () => {
  it('reads names and measurement fields from the stored list', () => {
    expect(parseOperations(stored)).toEqual([
      {
        name: 'Sprawdzenie ciśnienia',
        fields: [
          { name: 'Ciśnienie', unit: 'bar' },
          { name: 'Temperatura', unit: '°C' },
        ],
      },
      { name: 'Wymiana filtra', fields: [] },
    ]);
  });

  it('reads items without the marker as a bare name (older data)', () => {
    expect(parseOperations(JSON.stringify(['Smarowanie  ', 'Kontrola\nwizualna']))).toEqual([
      { name: 'Smarowanie', fields: [] },
      { name: 'Kontrola wizualna', fields: [] },
    ]);
  });

  it('gives an empty list for empty, null, bad JSON or a non-list', () => {
    expect(parseOperations('')).toEqual([]);
    expect(parseOperations(null)).toEqual([]);
    expect(parseOperations(undefined)).toEqual([]);
    expect(parseOperations('[not json')).toEqual([]);
    expect(parseOperations('{"a":1}')).toEqual([]);
    expect(parseOperations('"tekst"')).toEqual([]);
  });

  it('skips non-string items and items without a name', () => {
    expect(parseOperations(JSON.stringify([1, null, '  ', 'Czyszczenie']))).toEqual([
      { name: 'Czyszczenie', fields: [] },
    ]);
  });

  it('tolerates a missing unit, a missing closing brace and empty field slots', () => {
    expect(parseOperationItem(`Pomiar\n${EXTRA_FIELDS_MARKER}{Napięcie;;Prąd+A`)).toEqual({
      name: 'Pomiar',
      fields: [
        { name: 'Napięcie', unit: '' },
        { name: 'Prąd', unit: 'A' },
      ],
    });
    expect(parseOperationItem(`Pomiar\n${EXTRA_FIELDS_MARKER}`)).toEqual({ name: 'Pomiar', fields: [] });
  });
});

describe('formatOperations', () => {
  it('writes the stored format and reads back the same operations', () => {
    const operations = parseOperations(stored);
    expect(formatOperations(operations)).toBe(stored);
    expect(parseOperations(formatOperations(operations))).toEqual(operations);
  });

  it('always writes the marker, with empty braces when there are no fields', () => {
    expect(formatOperation({ name: 'Smarowanie', fields: [] })).toBe('Smarowanie\n@dodatkowePola{}');
  });

  it('normalises the name: trimmed, line breaks turned into spaces', () => {
    expect(normaliseOperationName('  Kontrola\r\nłożysk\nwrzeciona ')).toBe('Kontrola łożysk wrzeciona');
    expect(formatOperation({ name: ' Kontrola\nłożysk ', fields: [] })).toBe(
      'Kontrola łożysk\n@dodatkowePola{}',
    );
  });

  it('strips plus and semicolon from field names and units and drops unnamed fields', () => {
    expect(cleanFieldPart(' a+b;c ')).toBe('abc');
    const item = formatOperation({
      name: 'Pomiar',
      fields: [
        { name: 'Moc+czynna;', unit: 'k;W+' },
        { name: ' ', unit: 'V' },
      ],
    });
    expect(item).toBe('Pomiar\n@dodatkowePola{Mocczynna+kW}');
    expect(parseOperationItem(item).fields).toEqual([{ name: 'Mocczynna', unit: 'kW' }]);
  });

  it('refuses an operation name that contains the marker', () => {
    expect(() => formatOperations([{ name: 'Test @dodatkowePola', fields: [] }])).toThrow(
      ServiceOperationsError,
    );
    expect(() => formatOperations([{ name: 'Test @DODATKOWEPOLA{x}', fields: [] }])).toThrow(
      MSG.operationMarkerInName,
    );
  });

  it('refuses an empty name', () => {
    expect(() => formatOperation({ name: ' \n ', fields: [] })).toThrow(MSG.operationNameRequired);
  });
});

describe('operationNameError', () => {
  it('names what is wrong, in Polish', () => {
    expect(operationNameError('Kontrola')).toBeUndefined();
    expect(operationNameError('')).toBe(MSG.operationNameRequired);
    expect(operationNameError('Pomiar @dodatkowePola{a+b}')).toBe(
      'Wyrażenie "@dodatkowePola" jest niedozwolone w nazwie czynności.',
    );
    expect(operationNameError('x'.repeat(OPERATION_LIMITS.name + 1))).toBe(MSG.operationNameTooLong);
  });
});

describe('decodeOperations (server check)', () => {
  it('accepts a well-formed list and an empty one', () => {
    expect(decodeOperations(stored)).toEqual({ ok: true, operations: parseOperations(stored) });
    expect(decodeOperations('[]')).toEqual({ ok: true, operations: [] });
  });

  it('refuses bad JSON, a non-list and non-string items', () => {
    for (const text of ['[', '{}', '"x"', '[1]', '[null]']) {
      expect(decodeOperations(text)).toEqual({ ok: false, message: MSG.operationsListInvalid });
    }
  });

  it('refuses a marker inside the name (a second marker in one item)', () => {
    const text = JSON.stringify(['Pomiar @dodatkowePola x\n@dodatkowePola{a+b}']);
    expect(decodeOperations(text)).toEqual({ ok: false, message: MSG.operationMarkerInName });
    const inFields = JSON.stringify(['Pomiar\n@dodatkowePola{a+b;@dodatkowePola+c}']);
    expect(decodeOperations(inFields)).toEqual({ ok: false, message: MSG.operationMarkerInName });
  });

  it('refuses an operation without a name', () => {
    expect(decodeOperations(JSON.stringify(['\n@dodatkowePola{a+b}']))).toEqual({
      ok: false,
      message: MSG.operationNameRequired,
    });
  });

  it('refuses lists and fields over the limits', () => {
    const many = JSON.stringify(Array.from({ length: OPERATION_LIMITS.operations + 1 }, (_, i) => `Op ${i}`));
    expect(decodeOperations(many)).toEqual({ ok: false, message: MSG.operationsListTooLong });
    const longField = JSON.stringify([`Op\n@dodatkowePola{${'x'.repeat(OPERATION_LIMITS.fieldName + 1)}+V}`]);
    expect(decodeOperations(longField)).toEqual({ ok: false, message: MSG.operationFieldTooLong });
  });
});

describe('sameOperations', () => {
  it('compares meaning, not spelling', () => {
    const a = parseOperations(JSON.stringify(['Pomiar\n@dodatkowePola{U+V}']));
    const b = [{ name: ' Pomiar ', fields: [{ name: 'U', unit: 'V' }] }];
    expect(sameOperations(a, b)).toBe(true);
    expect(sameOperations(a, [{ name: 'Pomiar', fields: [] }])).toBe(false);
    expect(sameOperations(a, [...a, { name: 'Inna', fields: [] }])).toBe(false);
  });
});
