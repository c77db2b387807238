import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/*
 * The service worker (issue 8: the field protocol reloads while offline). It precaches the app shell
 * and the chunks of the protocol screen only, and answers a navigation from the network first, with
 * the cached index.html only when the network fails. API calls, file downloads and Range requests
 * are never touched by it. The app registers it when the protocol screen opens
 * (features/protocols/offline-shell.ts), so the login screen carries nothing of it.
 */

/** The modules (as the Vite manifest names them) whose chunks the protocol screen needs offline. */
const OFFLINE_SCREEN_MODULES = [
  /^src\/app\/signed-in-area\.tsx$/,
  /^src\/app\/layout\/(navigation-drawer|signed-in-bar)\.tsx$/,
  // With its imports: the notifications chunk, the file preview, the form inputs.
  /^src\/features\/protocols\/routes\/service-protocol-page\.tsx$/,
];

/** The files of the entry, of the offline screen's modules, and everything they import. */
function offlineFiles(outDir: string): Set<string> {
  type Chunk = { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[] };
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const files = new Set<string>();
  const seen = new Set<string>();
  const walk = (key: string, dynamic: boolean) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    chunk.imports?.forEach((k) => walk(k, dynamic));
    if (dynamic) chunk.dynamicImports?.forEach((k) => walk(k, dynamic));
  };
  // The entry's lazy screens are not needed offline: only its static imports.
  walk('index.html', false);
  for (const key of Object.keys(manifest)) {
    if (OFFLINE_SCREEN_MODULES.some((re) => re.test(key))) walk(key, true);
  }
  return files;
}

const outDir = path.resolve(import.meta.dirname, 'dist');

const apiServer = `http://localhost:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'generateSW',
      filename: 'sw.js',
      // Registered by the protocol screen itself (lazily); no web-app manifest.
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
        // Precached: index.html, the public files, and of the assets only the shell and the
        // protocol screen (not the maps, charts and other screens).
        manifestTransforms: [
          (entries: { url: string; revision: string | null; size: number }[]) => {
            const needed = offlineFiles(outDir);
            const manifest = entries.filter((e) => !e.url.startsWith('assets/') || needed.has(e.url));
            return { manifest, warnings: [] };
          },
        ],
        // Navigations go to the network first: no precached page answers before the server. "/"
        // too: Workbox answers a URL ending in "/" from the precached index.html unless told not
        // to, and after a deploy the login's page ran the old build.
        navigateFallback: null,
        directoryIndex: null,
        runtimeCaching: [
          {
            // A page of the app (not an API call, a file download or /logout): the network, and
            // when it fails the precached index.html, which starts the app from the cache.
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' &&
              url.origin === self.location.origin &&
              !url.pathname.startsWith('/api/') &&
              url.pathname !== '/logout',
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: 'index.html' } },
          },
        ],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        sourcemap: false,
      },
    }),
  ],
  server: {
    port: 5173,
    // The API server of `npm run dev`, on the same PORT it is given (8080 without one).
    proxy: { '/api': apiServer, '/logout': apiServer },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // bench/bundle-size.ts reads it to tell what each screen downloads.
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // A group holds only what matches it; React stays where the automatic splitting puts it.
          includeDependenciesRecursively: false,
          groups: [
            // Popovers, menus and tooltips: without a group of their own the bundler hoists them
            // into the entry, and the login screen would carry them.
            { name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/ },
            // Scroll locking of modals and drawers (and its tslib): none on the login screen.
            {
              name: 'remove-scroll',
              test: /node_modules[\\/](react-remove-scroll|react-remove-scroll-bar|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|tslib)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
