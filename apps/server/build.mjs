// Bundles the server (with the shared domain package) into dist/server.js, and the label sheets'
// worker thread (modules/labels/labels.renderer.ts) into dist/labels-worker.js; npm packages stay
// external.
import { build } from 'esbuild';

await build({
  entryPoints: { server: 'src/server.ts', 'labels-worker': 'src/modules/labels/labels.worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  alias: { '@serwis/domain': '../../packages/domain/src/index.ts' },
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
});
