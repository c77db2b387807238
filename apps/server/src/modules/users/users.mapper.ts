import { ROLES, isAdminRoles, type Employee, type SessionUser } from '@serwis/domain';
import type { sessionUserColumns, UserRow } from './users.repository.js';

export function rolesOf(row: Pick<UserRow, 'roles'>) {
  return row.roles
    .map((name) => ROLES.find((r) => r.role === name))
    .filter((r): r is (typeof ROLES)[number] => Boolean(r))
    .map((r) => ({ id: r.id, role: r.role }));
}

export function toEmployee(row: UserRow): Employee {
  return {
    id: row.id,
    userName: row.userName,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    country: row.country,
    active: row.active,
    vacationDays: row.vacationDays,
    roles: rolesOf(row),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns of a user that a session needs. */
export type SessionUserRow = Pick<UserRow, keyof typeof sessionUserColumns>;

export function toSessionUser(row: SessionUserRow): SessionUser {
  const roles = rolesOf(row);
  return {
    id: row.id,
    userName: row.userName,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    vacationDays: row.vacationDays,
    roles,
    isAdmin: isAdminRoles(roles),
  };
}
