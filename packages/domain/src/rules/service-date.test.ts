import { describe, expect, it } from 'vitest';
import { SERVICE_DATE_MSG, serviceDateWarning } from './service-date.js';

describe('a service event dated after today (serviceDateWarning)', () => {
  it('warns of a day ahead, the more for an inspection that moves the next one, and of no other', () => {
    expect(serviceDateWarning('2026-12-08', '2026-12-07', false)).toBe(
      SERVICE_DATE_MSG.serviceDateAheadWarning,
    );
    expect(serviceDateWarning('2027-01-02', '2026-12-07', true)).toBe(
      SERVICE_DATE_MSG.inspectionDateAheadWarning,
    );
    expect(serviceDateWarning('2026-12-07', '2026-12-07', true)).toBeNull();
    expect(serviceDateWarning('2025-12-30', '2026-12-07', true)).toBeNull();
    expect(serviceDateWarning(null, '2026-12-07', true)).toBeNull();
  });
});
