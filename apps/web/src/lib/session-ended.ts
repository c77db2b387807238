import { useSyncExternalStore } from 'react';

/*
 * A session that ended while a screen was open (it expired, the employee logged out in another tab,
 * an administrator switched the account off or changed its password). The screen stays, with
 * whatever was typed on it, under a dialog that asks to log in again (SessionEndedModal); only a
 * visitor who was never signed in here goes to /login.
 */
let ended = false;
const listeners = new Set<() => void>();

export function setSessionEnded(value: boolean) {
  if (ended === value) return;
  ended = value;
  listeners.forEach((listener) => listener());
}

export const isSessionEnded = () => ended;

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
