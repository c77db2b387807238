import { describe, expect, it } from 'vitest';
import { isAdminRoles, rolesForAdmin } from './accounts.js';

describe('employee roles', () => {
  it('tells an admin by the ADMIN role', () => {
    expect(isAdminRoles([{ role: 'ADMIN' }])).toBe(true);
    expect(isAdminRoles([{ role: 'USER' }])).toBe(false);
    expect(isAdminRoles([])).toBe(false);
  });

  it('builds the roles the employee form sends from the reference list', () => {
    expect(rolesForAdmin(true)).toEqual([{ id: 1, role: 'ADMIN' }]);
    expect(rolesForAdmin(false)).toEqual([{ id: 2, role: 'USER' }]);
    expect(isAdminRoles(rolesForAdmin(true))).toBe(true);
    expect(isAdminRoles(rolesForAdmin(false))).toBe(false);
  });
});
