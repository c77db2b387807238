import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, vi } from 'vitest';
import { setSessionEnded } from '../src/lib/session-ended';
import { FakeXMLHttpRequest } from './fake-xhr';

afterEach(() => cleanup());
// A session that ended in one test (lib/session-ended.ts keeps it in the module) is not the next's.
afterEach(() => setSessionEnded(false));

// A worker runs file after file in one jsdom (vitest.config.ts, `isolate: false`): each file starts
// as a fresh browser tab would, with no notification shown or queued and nothing stored.
notifications.clean();
localStorage.clear();
sessionStorage.clear();

// The shared 2-core test machine can be slow, and the signed-in menus and the notification
// container load lazily: a screen that answers within 5 s is not broken.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs that Mantine relies on.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = () => {};
// jsdom's own would go to a real server: an upload with its progress goes to the test's `fetch`.
window.XMLHttpRequest = FakeXMLHttpRequest as unknown as typeof XMLHttpRequest;

// Mantine's autosizing Textarea reads document.fonts, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { ready: Promise.resolve(), addEventListener: () => {}, removeEventListener: () => {} },
  });
}
