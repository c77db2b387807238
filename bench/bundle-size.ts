/**
 * What each screen of the built browser app costs on the wire: the JavaScript and CSS a first visit
 * of that screen downloads (the entry with everything it imports statically, plus, behind the login,
 * the signed-in frame and the screen's own lazy chunk with their imports), gzip and brotli as the
 * server sends them. Reads the Vite manifest.
 *
 *   npm run build -w apps/web && npm run size              # prints the table
 *   npm run size -- --check                                # also fails when /login exceeds its budget
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.resolve(here, '../apps/web');
const dist = path.join(webRoot, 'dist');
/** Issue 7: the login screen of a technician on a mobile network. */
const LOGIN_BUDGET_GZIP_KB = 150;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function readManifest(): Manifest {
  const file = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run build -w apps/web\` first.`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** Every file a chunk needs before it runs: itself and its static imports, transitively. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(manifest, imported, seen);
  return seen;
}

const sizeCache = new Map<string, { raw: number; gzip: number; brotli: number }>();
/** The precompressed sibling the server sends, or the same compression done here when it is absent. */
function sizes(file: string) {
  const cached = sizeCache.get(file);
  if (cached) return cached;
  const full = path.join(dist, file);
  const bytes = fs.readFileSync(full);
  const sibling = (ext: string, make: () => Buffer) =>
    fs.existsSync(full + ext) ? fs.statSync(full + ext).size : make().length;
  const result = {
    raw: bytes.length,
    gzip: sibling('.gz', () => zlib.gzipSync(bytes, { level: 9 })),
    brotli: sibling('.br', () =>
      zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    ),
  };
  sizeCache.set(file, result);
  return result;
}

function screenCost(manifest: Manifest, keys: string[]) {
  const chunks = new Set<string>();
  for (const key of keys) closure(manifest, key, chunks);
  const js = { raw: 0, gzip: 0, brotli: 0 };
  const css = { raw: 0, gzip: 0, brotli: 0 };
  const cssFiles = new Set<string>();
  for (const key of chunks) {
    const chunk = manifest[key]!;
    const s = sizes(chunk.file);
    js.raw += s.raw;
    js.gzip += s.gzip;
    js.brotli += s.brotli;
    for (const c of chunk.css ?? []) cssFiles.add(c);
  }
  for (const file of cssFiles) {
    const s = sizes(file);
    css.raw += s.raw;
    css.gzip += s.gzip;
    css.brotli += s.brotli;
  }
  return { files: chunks.size, js, css };
}

/** Route paths and their screen modules, read from the route table the router uses. */
function screens(): { path: string; src: string }[] {
  const table = fs.readFileSync(path.join(webRoot, 'src/app/routes.ts'), 'utf8');
  const found: { path: string; src: string }[] = [];
  const pattern = /path:\s*'([^']+)'[^]*?import\('\.\.\/([^']+)'\)/g;
  for (const match of table.matchAll(pattern)) found.push({ path: match[1]!, src: `src/${match[2]}.tsx` });
  return found;
}

const kb = (n: number) => (n / 1024).toFixed(1);

function main() {
  const manifest = readManifest();
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('No entry chunk in the manifest.');
  const rows: { screen: string; cost: ReturnType<typeof screenCost> }[] = [
    { screen: '/login (entry)', cost: screenCost(manifest, [entry]) },
  ];
  // Every screen behind the login also loads the signed-in frame: providers and the menus.
  const signedIn = ['src/app/signed-in-area.tsx', 'src/app/layout/signed-in-bar.tsx'];
  for (const key of signedIn) if (!manifest[key]) throw new Error(`${key} is not in the manifest.`);
  const seen = new Set<string>();
  for (const { path: route, src } of screens()) {
    if (!manifest[src]) throw new Error(`${src} (route ${route}) is not in the manifest.`);
    if (seen.has(src)) continue;
    seen.add(src);
    rows.push({ screen: route, cost: screenCost(manifest, [entry, ...signedIn, src]) });
  }
  console.log('| screen | files | JS raw kB | JS gzip kB | JS brotli kB | CSS gzip kB | CSS brotli kB |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const { screen, cost } of rows) {
    console.log(
      `| ${screen} | ${cost.files} | ${kb(cost.js.raw)} | ${kb(cost.js.gzip)} | ${kb(cost.js.brotli)} | ${kb(cost.css.gzip)} | ${kb(cost.css.brotli)} |`,
    );
  }
  const login = rows[0]!.cost.js.gzip / 1024;
  console.log(`\n/login: ${login.toFixed(1)} kB of gzipped JavaScript (budget ${LOGIN_BUDGET_GZIP_KB} kB).`);
  if (process.argv.includes('--check') && login > LOGIN_BUDGET_GZIP_KB) {
    console.error(`/login is over its budget of ${LOGIN_BUDGET_GZIP_KB} kB gzipped JavaScript.`);
    process.exit(1);
  }
}

main();
