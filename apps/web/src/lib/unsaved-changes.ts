import { useEffect, useRef } from 'react';
import { useNavigate, type NavigateOptions } from 'react-router';
import { confirmDiscard } from '../components/confirm-discard';

/*
 * Forms holding changes not saved. The declarative router has no navigation blocker (useBlocker
 * needs the data router, left out for the login's weight), so leaving is guarded where it starts:
 * the app's own links (one listener, `useLinksAskFirst`), the back arrows and "Anuluj"
 * (`leaveAfterAsking`), and a reload or a closed tab (the browser's own question, `beforeunload`).
 * The browser's back button is not guarded (docs/decisions.md).
 */
const dirtyForms = new Set<symbol>();

export const hasUnsavedChanges = () => dirtyForms.size > 0;

const askBrowser = (event: BeforeUnloadEvent) => {
  event.preventDefault();
  // Chromium before 119 and Safari ask only when returnValue is set.
  event.returnValue = '';
};

// One listener while any form holds changes (a card's form and a modal over it may both), and none
// otherwise: a page with a beforeunload listener is kept out of some browsers' back-forward cache.
function remember(form: symbol) {
  if (dirtyForms.size === 0) window.addEventListener('beforeunload', askBrowser);
  dirtyForms.add(form);
}
/**
 * The leaving a question waits on: a link clicked while the form's save was on its way. It goes
 * with the last form holding changes (a question whose forms are gone leads nowhere any more).
 */
let waitingLeave: { leave: () => void; withdraw: () => void } | undefined;

function forget(form?: symbol) {
  if (form) dirtyForms.delete(form);
  else dirtyForms.clear();
  if (dirtyForms.size > 0) return;
  window.removeEventListener('beforeunload', askBrowser);
  waitingLeave = undefined;
}

/** While `dirty`, leaving the screen asks first; a saved or discarded form stops asking. */
export function useUnsavedChanges(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const form = Symbol('form');
    remember(form);
    return () => forget(form);
  }, [dirty]);
}

/** Leaves at once when nothing is unsaved; otherwise asks, and "Odrzuć zmiany" leaves. */
export function leaveAfterAsking(leave: () => void) {
  if (!hasUnsavedChanges()) {
    leave();
    return;
  }
  const withdraw = confirmDiscard(
    () => {
      forget();
      leave();
    },
    () => {
      waitingLeave = undefined;
    },
  );
  waitingLeave = { leave, withdraw };
}

/** A form that gives way inside its screen (a panel, a modal): asks first when it holds changes. */
export function closeAfterAsking(dirty: boolean, close: () => void) {
  if (dirty) confirmDiscard(close);
  else close();
}

/**
 * A modal's own form, `dirty` while open with changes: Esc, ✕ and "Anuluj" (the returned `leave`)
 * ask first, and so do a reload and a closed tab. (A modal whose form is a child component reads
 * the form's own check as it closes instead, so that a key pressed a moment before Esc counts.)
 */
export function useModalLeave(dirty: boolean, close: () => void) {
  useUnsavedChanges(dirty);
  const question = useRef<(() => void) | null>(null);
  // Nothing left to lose while the question waits (an upload went on behind it, finished, and
  // closed its dialog): the question goes too. It stayed, and its answer then did nothing.
  useEffect(() => {
    if (dirty) return;
    question.current?.();
    question.current = null;
  }, [dirty]);
  return () => {
    if (!dirty) return close();
    question.current = confirmDiscard(close, () => {
      question.current = null;
    });
  };
}

/** Navigation that asks first when a form holds changes (back arrows, "Anuluj", the plus button). */
export function useNavigateAfterAsking() {
  const navigate = useNavigate();
  return (to: string) => leaveAfterAsking(() => navigate(to));
}

/**
 * Navigation once a form's record is saved or deleted: nothing is left to lose, so the screen stops
 * holding the visitor at once. A question about leaving still open (a link clicked while the save was
 * on its way) is moot: it is withdrawn, and the visitor goes where that link led.
 */
export function useNavigateAfterSave() {
  const navigate = useNavigate();
  return (to: string, options?: NavigateOptions) => {
    const waiting = waitingLeave;
    forget();
    if (!waiting) {
      navigate(to, options);
      return;
    }
    waiting.withdraw();
    waiting.leave();
  };
}

const ownLinkTarget = (event: MouseEvent) => {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  const url = new URL(anchor.href);
  if (url.origin !== window.location.origin) return null;
  const to = url.pathname + url.search + url.hash;
  const here = window.location.pathname + window.location.search + window.location.hash;
  return to === here ? null : to;
};

/**
 * The app's links (menus, drawer, footer, links inside screens) ask before they leave a form with
 * changes. A click is stopped before the router sees it (`preventDefault`, which the router's Link
 * honours) and made again once "Odrzuć zmiany" is chosen; a new tab (Ctrl, middle button) leaves
 * nothing and is let through.
 */
export function useLinksAskFirst() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!hasUnsavedChanges()) return;
      const to = ownLinkTarget(event);
      if (to === null) return;
      event.preventDefault();
      leaveAfterAsking(() => navigate(to));
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [navigate]);
}
