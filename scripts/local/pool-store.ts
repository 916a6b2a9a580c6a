/**
 * A durable data store for cognito-local (its DataStoreFactory extension point), in place of its
 * StormDB store, which writes each change with an asynchronous `fs.writeFile`: not atomic (a kill
 * mid-write leaves a truncated file, read back as an empty pool) and unordered (two saves in flight
 * can land out of order, the older snapshot last), so accounts made shortly before a stop, or at the
 * same time, were lost while their records in the table stayed.
 *
 * Here each file (`<id>.json`, the same format cognito-local reads) is held in memory and written
 * whole to `<id>.json.tmp`, then renamed over the file: a reader (or the next start) sees the old
 * file or the new one, never a mix. Writes of one file run one at a time, each with the latest
 * state, and a change's `set` resolves only once a write that includes it has landed, so a request
 * cognito-local has answered is on disk (a process killed after the answer loses nothing). `flush()`
 * waits for the writes in flight, for a runner's stop. A file that is there but unreadable is not
 * taken for an empty pool: the start stops, naming it.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LocalDataError } from './local-data';

type Key = string | string[];
type Tree = Record<string, unknown>;

/** cognito-local keeps dates in fields named `…Date`, as ISO strings on disk (its StormDB format). */
const serialize = (state: unknown) =>
  JSON.stringify(
    state,
    function (this: Record<string, unknown>, key, value) {
      const raw = this[key];
      return key.endsWith('Date') && raw instanceof Date ? raw.toISOString() : value;
    },
    2,
  );

const deserialize = (text: string) =>
  JSON.parse(text, (key, value) =>
    key.endsWith('Date') && (typeof value === 'string' || typeof value === 'number')
      ? new Date(value)
      : value,
  );

const path = (key: Key) => (Array.isArray(key) ? key : [key]);

/** An own property even for a name like `__proto__` (a username is whatever was signed up). */
const define = (node: Tree, name: string, value: unknown) =>
  Object.defineProperty(node, name, { value, writable: true, enumerable: true, configurable: true });

/** One file of the pool (a user pool, or the app clients), in memory and on disk. */
export class DurableDataStore {
  private changed = 0;
  private saved = 0;
  private writing: Promise<void> | undefined;

  constructor(
    readonly file: string,
    private state: Tree,
  ) {}

  async get<T>(_ctx: unknown, key: Key, defaultValue?: T): Promise<T | null> {
    let node: unknown = this.state;
    for (const part of path(key)) {
      if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) {
        node = undefined;
        break;
      }
      node = (node as Tree)[part];
    }
    // The stored value itself, as cognito-local's StormDB store hands it out (a copy of the whole
    // user list at every look-up by e-mail would cost milliseconds per hundred users).
    return node === undefined || node === null ? (defaultValue ?? null) : (node as T);
  }

  async getRoot<T>(_ctx: unknown): Promise<T | null> {
    return this.state as T;
  }

  async set<T>(_ctx: unknown, key: Key, value: T): Promise<void> {
    const parts = path(key);
    let node = this.state;
    for (const part of parts.slice(0, -1)) {
      const next = Object.hasOwn(node, part) ? node[part] : undefined;
      if (next === null || typeof next !== 'object') define(node, part, {});
      node = node[part] as Tree;
    }
    // A copy: what the caller does to its object afterwards is not a change of the pool.
    define(node, parts[parts.length - 1], structuredClone(value));
    await this.commit();
  }

  async delete(_ctx: unknown, key: Key): Promise<void> {
    const parts = path(key);
    let node: unknown = this.state;
    for (const part of parts.slice(0, -1)) {
      node = node && typeof node === 'object' && Object.hasOwn(node, part) ? (node as Tree)[part] : undefined;
    }
    if (node && typeof node === 'object') delete (node as Tree)[parts[parts.length - 1]];
    await this.commit();
  }

  /** Resolves once every change made so far is on disk. */
  async flush(): Promise<void> {
    await this.commit(false);
  }

  /** Writes the file now (with everything in it so far). */
  async save(): Promise<void> {
    await this.commit();
  }

  /** Resolves once a write including the latest change has landed (one write at a time, latest state). */
  private async commit(changed = true): Promise<void> {
    const target = changed ? ++this.changed : this.changed;
    while (this.saved < target) {
      this.writing ??= this.write().finally(() => {
        this.writing = undefined;
      });
      await this.writing;
    }
  }

  private async write() {
    while (this.saved < this.changed) {
      const upTo = this.changed;
      // The snapshot is taken synchronously: every change up to `upTo` is in it.
      const text = serialize(this.state);
      const staging = `${this.file}.tmp`;
      await writeFile(staging, text);
      await rename(staging, this.file);
      this.saved = upTo;
    }
  }
}

export class DurableDataStoreFactory {
  private readonly stores = new Map<string, DurableDataStore>();

  /** `resetDir`: the data directory named, with how to reset it, when a file cannot be read. */
  constructor(
    private readonly directory: string,
    private readonly resetDir: string = directory,
  ) {}

  async create(_ctx: unknown, id: string, defaults: object): Promise<DurableDataStore> {
    const existing = this.stores.get(id);
    if (existing) return existing;
    mkdirSync(this.directory, { recursive: true });
    const file = join(this.directory, `${id}.json`);
    let state: Tree = {};
    if (existsSync(file)) {
      const text = readFileSync(file, 'utf8');
      let parsed: unknown;
      try {
        parsed = deserialize(text);
      } catch {
        parsed = undefined;
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
        throw new LocalDataError(
          this.resetDir,
          `the user pool file ${file} cannot be read (${text.length ? `not JSON: ${JSON.stringify(text.slice(0, 40))}…` : 'empty'}; a write cut short by an earlier version of the runner)`,
        );
      state = parsed as Tree;
    }
    const fresh = Object.keys(state).length === 0;
    const store = new DurableDataStore(file, fresh ? (structuredClone(defaults) as Tree) : state);
    this.stores.set(id, store);
    // Written at once, as cognito-local's own store does: a start finds its pools by their files.
    if (fresh) await store.save();
    return store;
  }

  /** Waits until every change to every file is on disk. */
  async flush(): Promise<void> {
    await Promise.all([...this.stores.values()].map((store) => store.flush()));
  }
}
