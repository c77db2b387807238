import { isAdminRoles, rolesForAdmin, type Employee } from '@serwis/domain';
import type { EmployeePayload } from './api/users';

/** The fields of the form another administrator's save may have changed too. */
const MERGED_FIELDS = ['userName', 'firstName', 'lastName', 'country', 'vacationDays', 'active'] as const;

/**
 * The form's save made again on another administrator's version (`theirs`, saved since the form
 * was opened on `base`): each field this form changed keeps its value, every other one takes his.
 * The administrator role counts as one field (a role he took away is not given back by a form that
 * left it alone); a new password typed here is kept.
 */
export function mergeEmployee(base: Employee, mine: EmployeePayload, theirs: Employee): EmployeePayload {
  const merged: EmployeePayload = { ...mine };
  for (const field of MERGED_FIELDS) {
    if (mine[field] === base[field]) Object.assign(merged, { [field]: theirs[field] });
  }
  if (isAdminRoles(mine.roles) === isAdminRoles(base.roles)) {
    merged.roles = rolesForAdmin(isAdminRoles(theirs.roles));
  }
  return merged;
}
