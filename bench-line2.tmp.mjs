const N = 1e6;
function bench(name, f) {
  for (let r = 0; r < 3; r++) { const t = process.hrtime.bigint(); for (let i = 0; i < N; i++) f(i); if (r === 2) console.log(name, (Number(process.hrtime.bigint() - t) / N).toFixed(0), 'ns'); }
}
let sink = 0;
const prefix = '{"level":30,"time":', bindings = ',"pid":123,"hostname":"host"';
let buf = '';
const flush = () => { if (buf.length > 16384) { sink += buf.length; buf = ''; } };
bench('current', (i) => { const d = Math.round((i * 0.0137) * 1000) / 1000; buf += `${prefix}${Date.now()}${bindings},"reqId":"abc-${i}","method":"POST","path":${JSON.stringify('/api/system')},"action":${JSON.stringify('echo')},"status":200,"durationMs":${d},"msg":"request"}\n`; flush(); });
bench('Date.now only', () => { sink += Date.now(); });
bench('duration toString', (i) => { const d = Math.round((i * 0.0137) * 1000) / 1000; sink += String(d).length; });
bench('JSON.stringify path', () => { sink += JSON.stringify('/api/system').length; });
let lastT = 0, head = '';
let lastPath = '', qPath = '', lastAction = '', qAction = '';
bench('cached', (i) => {
  const now = Date.now(); if (now !== lastT) { lastT = now; head = `${prefix}${now}${bindings},"reqId":"`; }
  const path = '/api/system'; if (path !== lastPath) { lastPath = path; qPath = JSON.stringify(path); }
  const action = 'echo'; if (action !== lastAction) { lastAction = action; qAction = `,"action":${JSON.stringify(action)}`; }
  const us = Math.round(i * 0.0137 * 1000); const ms = (us / 1000) | 0; const frac = us - ms * 1000;
  buf += head + 'abc-' + i + '","method":"POST","path":' + qPath + qAction + ',"status":200,"durationMs":' + ms + (frac === 0 ? '' : '.' + (frac < 10 ? '00' : frac < 100 ? '0' : '') + frac) + ',"msg":"request"}\n'; flush();
});
console.log(sink > 0);
