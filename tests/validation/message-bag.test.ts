import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MessageBag } from '../../src/validation/message-bag.js';

const test = suite('MessageBag');

test('keeps messages per key in the order added', () => {
  const bag = new MessageBag().add('a', 'one').add('b', 'two').add('a', 'three');
  assert.equal(bag.toJSON(), { a: ['one', 'three'], b: ['two'] });
  assert.is(bag.count(), 3);
});

test('a message already held for the key is not added again (the same text under another key is)', () => {
  const bag = new MessageBag().add('a', 'same').add('a', 'same').add('b', 'same');
  bag.merge({ a: ['same', 'other'] });
  assert.equal(bag.toJSON(), { a: ['same', 'other'], b: ['same'] });
  assert.is(bag.count(), 3);
});

test.run();
