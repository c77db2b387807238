import { isAdminRoles, rolesForAdmin, type Employee } from '@serwis/domain';
import type { EmployeePayload } from './api/users';

/** The fields of the form another administrator's save may have changed too, by their labels. */
const MERGED_FIELDS = {
  userName: 'Stanowisko',
  firstName: 'Imię',
  lastName: 'Nazwisko',
  country: 'Kraj',
  vacationDays: 'Dni urlopu',
  active: 'Aktywny',
} as const;

export interface MergedEmployee {
  payload: EmployeePayload;
  /** The labels of the fields both changed, each to its own value: the form's value is saved. */
  clashes: string[];
}

/**
 * The form's save made again on another administrator's version (`theirs`, saved since the form
 * was opened on `base`): each field this form changed keeps its value, every other one takes his.
 * The administrator role counts as one field (a role he took away is not given back by a form that
 * left it alone); a new password typed here is kept. A field both changed is named in `clashes`.
 */
export function mergeEmployee(base: Employee, mine: EmployeePayload, theirs: Employee): MergedEmployee {
  const payload: EmployeePayload = { ...mine };
  const clashes: string[] = [];
  const merge = (label: string, mineValue: unknown, baseValue: unknown, theirsValue: unknown) => {
    if (mineValue === baseValue) return theirsValue;
    if (theirsValue !== baseValue && theirsValue !== mineValue) clashes.push(label);
    return mineValue;
  };
  for (const [field, label] of Object.entries(MERGED_FIELDS) as [keyof typeof MERGED_FIELDS, string][]) {
    Object.assign(payload, { [field]: merge(label, mine[field], base[field], theirs[field]) });
  }
  const admin = merge(
    'Admin',
    isAdminRoles(mine.roles),
    isAdminRoles(base.roles),
    isAdminRoles(theirs.roles),
  );
  payload.roles = rolesForAdmin(admin === true);
  return { payload, clashes };
}
