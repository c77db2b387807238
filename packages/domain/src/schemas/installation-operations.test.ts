import { describe, expect, it } from 'vitest';
import { PROTOCOL_MSG } from '../protocol-messages.js';
import { MSG } from '../messages.js';
import { installationOperationCreateSchema } from './installation-operations.js';

describe('an installation operation', () => {
  it('is one line, as a category operation: line breaks become spaces, the ends are trimmed', () => {
    expect(installationOperationCreateSchema.parse({ text: ' Linia 1\r\nLinia 2\n' })).toEqual({
      text: 'Linia 1 Linia 2',
    });
  });

  it('is refused when nothing but spaces and line breaks is left', () => {
    const result = installationOperationCreateSchema.safeParse({ text: ' \n\r\n ' });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      PROTOCOL_MSG.installationOperationTextRequired,
    ]);
  });

  it('is refused with the marker of measurement fields in it, as a category operation is', () => {
    const result = installationOperationCreateSchema.safeParse({
      text: 'Próbny rozruch @dodatkowePola{Czas+min}',
    });
    expect(result.error?.issues.map((i) => i.message)).toEqual([MSG.operationMarkerInName]);
  });
});
