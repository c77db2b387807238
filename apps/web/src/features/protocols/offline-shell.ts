import { useEffect, useState } from 'react';

/*
 * Issue 8: the service worker (built by vite-plugin-pwa, see vite.config.ts) is registered when the
 * protocol screen opens, not at start: the login screen carries nothing of it, and only a device
 * that writes protocols downloads the precached shell. Once it controls the page, a reload while
 * offline starts the app from the cache and the screen from the copy on the device.
 */

const serviceWorkers = () =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;

let registered = false;

export function registerOfflineShell() {
  const workers = serviceWorkers();
  // Only the built app has a worker (none in `vite dev` and in the web tests).
  if (registered || !workers || !import.meta.env.PROD) return;
  registered = true;
  workers.register('/sw.js').catch(() => {
    registered = false;
  });
}

/** True once the service worker controls this page: the screen survives a reload while offline. */
export function useOfflineReady() {
  const [ready, setReady] = useState(() => Boolean(serviceWorkers()?.controller));
  useEffect(() => {
    registerOfflineShell();
    const workers = serviceWorkers();
    if (!workers) return;
    const update = () => setReady(Boolean(workers.controller));
    workers.addEventListener('controllerchange', update);
    update();
    return () => workers.removeEventListener('controllerchange', update);
  }, []);
  return ready;
}
