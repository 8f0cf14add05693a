import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { oldestFirst } from '../src/oldest-first.js';

test('should give the oldest key still there, as keys().next() does, as entries come and go', () => {
  const map = new Map<string, number>();
  const oldest = oldestFirst(map);
  assert.is(oldest(), undefined);
  for (const key of ['a', 'b', 'c']) map.set(key, 1);
  assert.is(oldest(), 'a');
  map.delete('a');
  // Deleted elsewhere, then set again: it is the newest now.
  map.delete('b');
  map.set('b', 2);
  map.set('d', 3);
  const order: string[] = [];
  for (let key = oldest(); key !== undefined; key = oldest()) {
    assert.is(key, map.keys().next().value);
    order.push(key);
    map.delete(key);
  }
  assert.equal(order, ['c', 'b', 'd']);
  // Emptied, then filled again.
  map.set('e', 4);
  assert.is(oldest(), 'e');
});

test('should work on a Set', () => {
  const set = new Set([1, 2, 3]);
  const oldest = oldestFirst(set);
  set.delete(oldest()!);
  set.add(4);
  assert.is(oldest(), 2);
});

test('should evict in insertion order through many compactions of the table', () => {
  const map = new Map<number, number>();
  const oldest = oldestFirst(map);
  for (let key = 0; key < 50_000; key += 1) map.set(key, key);
  for (let key = 50_000; key < 150_000; key += 1) {
    map.set(key, key);
    const key0 = oldest()!;
    assert.is(key0, key - 50_000);
    map.delete(key0);
  }
  assert.is(map.size, 50_000);
  assert.is(oldest(), map.keys().next().value);
});

test.run();
