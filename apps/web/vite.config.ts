import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/logout': 'http://localhost:8080' },
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
