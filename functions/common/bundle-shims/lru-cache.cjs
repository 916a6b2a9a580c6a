/**
 * What Lambda bundles use in place of `mnemonist/lru-cache` (an esbuild alias in lib/bundling.ts):
 * the DynamoDB client's endpoint-discovery cache (@aws-sdk/endpoint-cache) is its only user, with
 * `get`, `set`, `has`, `peek` and `clear`. The same least-recently-used cache on a Map (whose order
 * is insertion order: a read moves a key to the end, a write past capacity drops the first), without
 * mnemonist's typed-array pointers and iterator helpers (8 kB minified).
 */
'use strict';

/** mnemonist's module is the class itself (`require('mnemonist/lru-cache')`), hence CommonJS. */
class LRUCache {
  constructor(capacity) {
    if (typeof capacity !== 'number' || capacity <= 0)
      throw new Error('mnemonist/lru-cache: capacity should be positive number.');
    this.capacity = capacity;
    this.items = new Map();
  }

  get size() {
    return this.items.size;
  }

  /** The value, now the most recently used; undefined when absent. */
  get(key) {
    if (!this.items.has(key)) return undefined;
    const value = this.items.get(key);
    this.items.delete(key);
    this.items.set(key, value);
    return value;
  }

  /** The value, its recency unchanged. */
  peek(key) {
    return this.items.get(key);
  }

  has(key) {
    return this.items.has(key);
  }

  set(key, value) {
    this.items.delete(key);
    this.items.set(key, value);
    if (this.items.size > this.capacity) this.items.delete(this.items.keys().next().value);
    return this;
  }

  clear() {
    this.items.clear();
  }
}

module.exports = LRUCache;
