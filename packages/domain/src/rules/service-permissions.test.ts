import { describe, expect, it } from 'vitest';
import { SERVICE_STATE_NAMES } from '../reference-data.js';
import {
  LOCKED_SERVICE_STATES,
  OPEN_SERVICE_STATES,
  SERVICE_STATE_TRANSITIONS,
  canModifyService,
  fileSignsService,
  isLockedServiceState,
  isOpenServiceState,
  isServiceTransitionAllowed,
  mayAddServiceFile,
  mayChangeServiceState,
} from './service-permissions.js';
import { mayChangeOwnRecord } from './record-ownership.js';

const employee = { id: 2, isAdmin: false };
const admin = { id: 1, isAdmin: true };

describe('service event states', () => {
  it('splits the states into open (signable), locked (closed) and the scan-waiting one', () => {
    expect(LOCKED_SERVICE_STATES).toEqual(['PODPISANY', 'ODRZUCONY']);
    expect(OPEN_SERVICE_STATES).toEqual(['UTWORZONY', 'DODAJ_SKAN']);
    expect(SERVICE_STATE_NAMES.filter(isLockedServiceState)).toEqual(['PODPISANY', 'ODRZUCONY']);
    expect(SERVICE_STATE_NAMES.filter(isOpenServiceState)).toEqual(['UTWORZONY', 'DODAJ_SKAN']);
  });
});

describe('canModifyService', () => {
  it('lets an employee change only his own events while they are open', () => {
    expect(canModifyService(employee, { state: 'UTWORZONY', authorId: 2 })).toBe(true);
    expect(canModifyService(employee, { state: 'DODAJ_SKAN', authorId: 2 })).toBe(true);
    expect(canModifyService(employee, { state: 'PODPISANY', authorId: 2 })).toBe(false);
    expect(canModifyService(employee, { state: 'ODRZUCONY', authorId: 2 })).toBe(false);
    expect(canModifyService(employee, { state: 'UTWORZONY', authorId: 9 })).toBe(false);
  });

  it('lets an admin change any event in any state, and nobody without a session', () => {
    for (const state of SERVICE_STATE_NAMES) {
      expect(canModifyService(admin, { state, authorId: 9 })).toBe(true);
      expect(canModifyService(null, { state, authorId: 2 })).toBe(false);
      expect(canModifyService(undefined, { state, authorId: 2 })).toBe(false);
    }
  });
});

describe('mayAddServiceFile', () => {
  it('takes files for open events from anyone, for closed ones from admins only', () => {
    expect(mayAddServiceFile(employee, 'UTWORZONY')).toBe(true);
    expect(mayAddServiceFile(employee, 'DODAJ_SKAN')).toBe(true);
    expect(mayAddServiceFile(employee, 'PODPISANY')).toBe(false);
    expect(mayAddServiceFile(employee, 'ODRZUCONY')).toBe(false);
    expect(mayAddServiceFile(admin, 'PODPISANY')).toBe(true);
    expect(mayAddServiceFile(null, 'UTWORZONY')).toBe(false);
  });
});

describe('fileSignsService', () => {
  it("takes a file as the scan of an event waiting for it from its author or an admin, not a colleague's", () => {
    expect(fileSignsService(employee, { state: 'DODAJ_SKAN', authorId: 2 })).toBe(true);
    expect(fileSignsService(admin, { state: 'DODAJ_SKAN', authorId: 9 })).toBe(true);
    expect(fileSignsService(employee, { state: 'DODAJ_SKAN', authorId: 9 })).toBe(false);
    expect(fileSignsService(admin, { state: 'UTWORZONY', authorId: 1 })).toBe(false);
    expect(fileSignsService(admin, { state: 'PODPISANY', authorId: 1 })).toBe(false);
  });
});

describe('service state transitions', () => {
  it('signs open events, prints created ones for a scan, rejects anything not rejected yet', () => {
    const allowed = (action: 'sign' | 'reject' | 'printForScan') =>
      SERVICE_STATE_NAMES.filter((state) => isServiceTransitionAllowed(action, state));
    expect(allowed('sign')).toEqual(['UTWORZONY', 'DODAJ_SKAN']);
    expect(allowed('printForScan')).toEqual(['UTWORZONY']);
    expect(allowed('reject')).toEqual(['UTWORZONY', 'PODPISANY', 'DODAJ_SKAN']);
    expect(SERVICE_STATE_TRANSITIONS.sign.to).toBe('PODPISANY');
    expect(SERVICE_STATE_TRANSITIONS.printForScan.to).toBe('DODAJ_SKAN');
    expect(SERVICE_STATE_TRANSITIONS.reject.to).toBe('ODRZUCONY');
  });

  it('asks both the right to change the event and the state', () => {
    expect(mayChangeServiceState(employee, { state: 'UTWORZONY', authorId: 2 }, 'sign')).toBe(true);
    expect(mayChangeServiceState(employee, { state: 'UTWORZONY', authorId: 9 }, 'sign')).toBe(false);
    expect(mayChangeServiceState(employee, { state: 'PODPISANY', authorId: 2 }, 'reject')).toBe(false);
    expect(mayChangeServiceState(admin, { state: 'PODPISANY', authorId: 2 }, 'reject')).toBe(true);
    expect(mayChangeServiceState(admin, { state: 'PODPISANY', authorId: 2 }, 'sign')).toBe(false);
    expect(mayChangeServiceState(admin, { state: 'DODAJ_SKAN', authorId: 2 }, 'printForScan')).toBe(false);
  });
});

describe('mayChangeOwnRecord', () => {
  it('lets the author and admins change a record, nobody else', () => {
    expect(mayChangeOwnRecord(employee, 2)).toBe(true);
    expect(mayChangeOwnRecord(employee, 9)).toBe(false);
    expect(mayChangeOwnRecord(admin, 9)).toBe(true);
    expect(mayChangeOwnRecord(null, 2)).toBe(false);
    expect(mayChangeOwnRecord(undefined, 2)).toBe(false);
  });
});
