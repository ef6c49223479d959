import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Application, UrlSigner, createContainer } from '../../src/index.js';

const test = suite('signing: a signer bound by the user');

test('a UrlSigner bound by the user is the one the application uses', () => {
  const mine = new UrlSigner({ key: 'user-key' }, () => undefined);
  const container = createContainer();
  container.bind(UrlSigner).toConstantValue(mine);
  const app = new Application({}, container);
  assert.is(app.urlSigner, mine);
});

test.run();
