import { loginHeaders, openBenchApp } from './bench-app.js';
const { app, database } = await openBenchApp({ databaseUrl: 'postgres://postgres@127.0.0.1:55500/main_10k', dataDir: '/tmp' });
const headers = await loginHeaders(app, { email: 'bench@serwis.local', password: 'bench-haslo-2026' });
const req = () => app.inject({ method: 'POST', url: '/api/device/getByFilter?page=1&size=100', headers, payload: {} });
for (let i = 0; i < 50; i++) await req();
const { Session } = await import('node:inspector/promises');
const session = new Session(); session.connect();
await session.post('Profiler.enable'); await session.post('Profiler.start');
for (let i = 0; i < 300; i++) await req();
const { profile } = await session.post('Profiler.stop');
// self time per function
const self = new Map<string, number>();
const total = profile.samples!.length;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const counts = new Map<number, number>();
for (const s of profile.samples!) counts.set(s, (counts.get(s) ?? 0) + 1);
for (const [id, c] of counts) { const n = byId.get(id)!; const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`; self.set(key, (self.get(key) ?? 0) + c); }
console.log([...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${(100 * v / total).toFixed(1)}% ${k}`).join('\n'));
await app.close(); await database.close();
