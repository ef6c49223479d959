import { fork } from 'node:child_process';
import { Pool } from 'undici';
const which = process.argv.slice(2);
const N = 20000;
function start(file) {
  return new Promise((resolve) => {
    const child = fork(file.startsWith("/") ? file : `/work/main/dist/bench/contestants/${file}.js`, [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], execArgv: process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/work/tmp/prof'] : [] });
    child.once('message', (m) => resolve({ child, port: m.port }));
  });
}
const usage = (child) => new Promise((resolve) => { child.once('message', (m) => resolve(m.cpuMicros)); child.send({ type: 'usage' }); });
async function load(port) {
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: 16, pipelining: 1 });
  let sent = 0;
  const body = JSON.stringify({ message: 'hello world' });
  const worker = async () => { while (sent < N) { sent++; const r = await pool.request({ method: 'POST', path: '/api/system?action=echo', body, headers: { 'content-type': 'application/json' } }); await r.body.text(); } };
  await Promise.all(Array.from({ length: 16 }, worker));
  await pool.close();
}
const servers = {};
for (const w of which) servers[w] = await start(w);
for (const w of which) await load(servers[w].port); // warm
const res = Object.fromEntries(which.map((w) => [w, []]));
for (let r = 0; r < 9; r++) for (const w of which) {
  const { child, port } = servers[w];
  const a = await usage(child); const t = performance.now(); await load(port); const b = await usage(child);
  res[w].push([(b - a) / N, N / ((performance.now() - t) / 1000)]);
}
for (const w of which) { const c = res[w].map((x) => x[0]).sort((p, q) => p - q); const rps = res[w].map((x) => x[1]).sort((p, q) => p - q); console.log(w, 'CPU µs/req median', c[4].toFixed(1), 'all', c.map((x) => x.toFixed(1)).join(' '), 'rps', rps[4].toFixed(0)); }
for (const w of which) servers[w].child.send({ type: 'exit' });
