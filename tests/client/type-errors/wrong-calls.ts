/**
 * Must NOT compile: every line marked `// error TSnnnn` must fail with that
 * code, and no other line may fail (tests/client/types.int.test.ts). Left out of
 * the normal build by tsconfig.json.
 */
import { createClient } from '../../../src/client/index.js';
import type { Api } from '../../../examples/system/routes/api.js';
import type { ShopApi } from '../app.js';

const api = createClient<Api>({ baseUrl: 'http://127.0.0.1:3000/api' });
const shop = createClient<ShopApi>({ baseUrl: '/api' });

export async function wrong() {
  await api.system.echo({ message: 42 }); // error TS2322
  await api.system.echo({}); // error TS2741
  await api.system.echo({ message: 'x', extra: 1 }); // error TS2353
  await api.system.nope(); // error TS2339
  await api.nowhere.status(); // error TS2339
  await api.system.echo.validate({ message: 'x' }, { only: ['mesage'] }); // error TS2322
  const echoed = await api.system.echo({ message: 'x' });
  echoed.other; // error TS2339
  await shop.shop.place({ customer: 'x', size: 'xl', items: [], address: { city: 'x' } }); // error TS2322
  await shop.shop.place({ customer: 'x', size: 's', items: [{ sku: 'a', qty: '2' }], address: { city: 'x' } }); // error TS2322
  await shop.shop.search({ q: 'tea' }); // error TS2554
  await shop.shop.search({ q: 'tea' }, { method: 'POST' }); // error TS2322
  await shop.shop.clear(); // error TS2554
  createClient<ShopApi>({ baseUrl: '/api', paths: { shops: '/x' } }); // error TS2561
}
