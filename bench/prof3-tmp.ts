import { loginHeaders, openBenchApp } from './bench-app.js';
const { app, database } = await openBenchApp({ databaseUrl: process.argv[2], dataDir: '/tmp' });
const headers = await loginHeaders(app, { email: 'bench@serwis.local', password: 'bench-haslo-2026' });
const client = (database.db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } }).$client;
let sqlTime = 0; const orig = client.query.bind(client);
client.query = async (...a: unknown[]) => { const s = performance.now(); try { return await orig(...a); } finally { sqlTime += performance.now() - s; } };
const url = process.argv[3]!;
const req = () => app.inject({ method: 'POST', url, headers, payload: {} });
for (let i = 0; i < 30; i++) await req();
const rows: number[][] = [];
for (let i = 0; i < 40; i++) { sqlTime = 0; const s = performance.now(); await req(); rows.push([performance.now() - s, sqlTime]); }
rows.sort((a, b) => a[0]! - b[0]!);
console.log(rows.slice(15, 25).map((r) => `${r[0]!.toFixed(2)} (sql ${r[1]!.toFixed(2)})`).join('  '));
await app.close(); await database.close();
