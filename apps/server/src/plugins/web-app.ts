import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { APP_VERSION_HEADER, MSG } from '@serwis/domain';

/** The built app's entry script, as its index.html names it ("/assets/index-….js"). */
export function builtAppVersion(distDir: string | undefined): string | undefined {
  const page = distDir && path.join(path.resolve(distDir), 'index.html');
  if (!page || !fs.existsSync(page)) return undefined;
  return /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/.exec(fs.readFileSync(page, 'utf8'))?.[1];
}

/**
 * Every API answer names the build the server serves (`X-Serwis-App`), so that a tab loaded before a
 * deploy says a new version is there. Read once at the start: a deploy restarts the server. Added
 * before the API's routes, whose hooks are fixed as they are registered.
 */
export function registerAppVersionHeader(app: FastifyInstance, distDir: string | undefined) {
  const version = builtAppVersion(distDir);
  if (!version) return;
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header(APP_VERSION_HEADER, version);
  });
}

/** Serves the built SPA; any GET that is not an API call and not a file answers index.html. */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined) {
  const root = distDir ? path.resolve(distDir) : undefined;
  const hasApp = Boolean(root && fs.existsSync(path.join(root, 'index.html')));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: root!,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (apps/web/scripts/precompress.mjs); the one
      // the browser accepts is sent, with `Vary: Accept-Encoding`.
      preCompressed: true,
      maxAge: '1h',
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
        // The service worker (issue 8) is asked again on every visit: a deploy replaces it at once.
        if (/^sw\.js(\.br|\.gz)?$/.test(path.basename(filePath))) res.header('Cache-Control', 'no-cache');
      },
    });
    app.get('/assets/*', { config: { public: true }, schema: { hide: true } }, (request, reply) => {
      const rel = (request.params as { '*': string })['*'];
      return reply.sendFile(path.join('assets', rel));
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // A file of the build that is not there (an old tab's screen after a deploy) is a 404: the page
    // in its place was taken for a script, and a service worker could keep it as one.
    const isPage =
      request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/assets/');
    if (hasApp && isPage) {
      const file = request.url.split('?')[0].replace(/^\/+/, '');
      if (
        file &&
        !file.includes('..') &&
        fs.existsSync(path.join(root!, file)) &&
        fs.statSync(path.join(root!, file)).isFile()
      ) {
        return reply.sendFile(file);
      }
      // The page names the current build's assets: always asked again, so a deploy is seen at once.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', { cacheControl: false });
    }
    return reply.status(404).send({ message: MSG.notFound, code: 'NOT_FOUND' });
  });
}
