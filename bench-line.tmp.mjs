import { AccessLog } from './dist/src/logging/access-log.js';
let n = 0;
const log = new AccessLog({ write(s) { n += s.length; } }, 30);
const N = 1e6;
for (let r = 0; r < 5; r++) {
  const t = process.hrtime.bigint();
  for (let i = 0; i < N; i++) log.line('9f86d081884c7d65-2s' + i, 'POST', '/api/system', 'echo', 200, 0.123);
  console.log('ns/line', Number(process.hrtime.bigint() - t) / N);
}
