import { useSyncExternalStore } from 'react';

/*
 * A session that ended while a screen was open (it expired, the employee logged out in another tab,
 * an administrator switched the account off or changed its password). The screen stays, with
 * whatever was typed on it, under a dialog that asks to log in again (SessionEndedModal); only a
 * visitor who was never signed in here goes to /login.
 */
let ended = false;
/** Why, when the server said more than "ended": the session is now another employee's. */
export type SessionEndReason = 'ANOTHER_ACCOUNT' | null;
let reason: SessionEndReason = null;
const listeners = new Set<() => void>();

export function setSessionEnded(value: boolean, why: SessionEndReason = null) {
  reason = value ? why : null;
  if (ended === value) return;
  ended = value;
  listeners.forEach((listener) => listener());
}

export const isSessionEnded = () => ended;
export const sessionEndReason = () => reason;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Whether the session on screen has ended and waits for the employee to log in again. */
export function useSessionEnded(): boolean {
  return useSyncExternalStore(subscribe, isSessionEnded, () => false);
}
