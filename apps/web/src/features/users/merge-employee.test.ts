import { describe, expect, it } from 'vitest';
import type { Employee } from '@serwis/domain';
import type { EmployeePayload } from './api/users';
import { mergeEmployee } from './merge-employee';
import { sampleEmployee } from '../../../test/samples';

const base = sampleEmployee;
const form = (changes: Partial<EmployeePayload>): EmployeePayload => ({
  userName: base.userName,
  firstName: base.firstName,
  lastName: base.lastName,
  email: base.email,
  country: base.country,
  vacationDays: base.vacationDays,
  active: base.active,
  password: '',
  roles: [{ id: 1, role: 'ADMIN' }],
  ...changes,
});

describe('mergeEmployee', () => {
  it("keeps what the form changed and takes the other administrator's changes for the rest", () => {
    const theirs: Employee = {
      ...base,
      lastName: 'Lis-Nowak',
      vacationDays: 26,
      roles: [{ id: 2, role: 'USER' }],
    };
    expect(mergeEmployee(base, form({ firstName: 'Ewelina', password: 'Nowe-haslo-1' }), theirs)).toEqual({
      clashes: [],
      payload: form({
        firstName: 'Ewelina',
        lastName: 'Lis-Nowak',
        vacationDays: 26,
        password: 'Nowe-haslo-1',
        roles: [{ id: 2, role: 'USER' }],
      }),
    });
  });

  it('keeps the role the form changed over his; a switch it left alone takes his', () => {
    const theirs: Employee = { ...base, active: false, userName: 'Kierownik' };
    expect(
      mergeEmployee(base, form({ roles: [{ id: 2, role: 'USER' }], active: true }), theirs).payload,
    ).toEqual(form({ roles: [{ id: 2, role: 'USER' }], active: false, userName: 'Kierownik' }));
  });

  it("names the fields both changed to different values, and keeps the form's", () => {
    const theirs: Employee = {
      ...base,
      country: 'Polska',
      vacationDays: 26,
      roles: [{ id: 2, role: 'USER' }],
    };
    const mine = form({ country: 'Niemcy', vacationDays: 26, roles: [{ id: 2, role: 'USER' }] });
    expect(mergeEmployee({ ...base, country: '' }, mine, theirs)).toEqual({
      payload: mine,
      // The same value on both sides is no clash.
      clashes: ['Kraj'],
    });
  });
});
