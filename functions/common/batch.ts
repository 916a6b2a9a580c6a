/**
 * ElectroDB's batch operations (BatchGetItem, BatchWriteItem) done whole:
 * - `IN_FLIGHT` requests at once. ElectroDB's option is `concurrent`; the deprecated `concurrency`
 *   is ignored without a word (one request at a time), so a lint plugin (lint/electrodb-concurrent.grit)
 *   refuses it; writes keep IN_FLIGHT requests going rather than sending rounds of them;
 * - what DynamoDB leaves unprocessed under load (throttling, a busy partition) is tried again with
 *   back-off, and a batch still not done after a few attempts fails: an item is never dropped in
 *   silence.
 */
export const IN_FLIGHT = 4;
const ATTEMPTS = 6;

export interface BatchOptions {
  concurrent: number;
}

const backOff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));

/**
 * Runs `task` on every item, `size` at a time: each of `size` workers takes the next item as soon as
 * its last one is done (single writes that cannot be batched, e.g. conditional updates).
 */
export async function inPool<T>(items: readonly T[], task: (item: T) => Promise<void>, size = IN_FLIGHT) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

/** BatchWriteItem's limit: 25 items a request. */
const WRITE_BATCH = 25;

/**
 * Puts (or deletes) every item: `write` is the entity's batch call (`(items, options) =>
 * entity.put(items).go(options)`), `keyFields` the attributes that tell its items apart, as ElectroDB
 * returns unprocessed items by their key. Requests of 25 go out from IN_FLIGHT workers, each taking
 * the next as soon as its last one is answered (ElectroDB's own `concurrent` sends them in rounds,
 * each waiting for the slowest of the round).
 */
export async function writeAll<T extends object>(
  items: T[],
  write: (items: T[], options: BatchOptions) => Promise<{ unprocessed: object[] }>,
  keyFields: ReadonlyArray<keyof T & string>,
) {
  const keyOf = (item: object) =>
    keyFields.map((field) => String((item as Record<string, unknown>)[field])).join('\u0000');
  let pending = items;
  for (let attempt = 0; pending.length; attempt++) {
    if (attempt === ATTEMPTS) throw new Error(`BatchWriteItem left ${pending.length} items unprocessed`);
    if (attempt) await backOff(attempt);
    const batches: T[][] = [];
    for (let i = 0; i < pending.length; i += WRITE_BATCH) batches.push(pending.slice(i, i + WRITE_BATCH));
    const left = new Set<string>();
    await inPool(batches, async (batch) => {
      const { unprocessed } = await write(batch, { concurrent: 1 });
      for (const item of unprocessed) left.add(keyOf(item));
    });
    pending = left.size ? pending.filter((item) => left.has(keyOf(item))) : [];
  }
}

/** Reads every key: `read` is the entity's batch get (`(keys, options) => entity.get(keys).go(options)`). */
export async function readAll<K, T>(
  keys: K[],
  read: (keys: K[], options: BatchOptions) => Promise<{ data: T[]; unprocessed: K[] }>,
): Promise<T[]> {
  const found: T[] = [];
  let pending = keys;
  for (let attempt = 0; pending.length; attempt++) {
    if (attempt === ATTEMPTS) throw new Error(`BatchGetItem left ${pending.length} keys unprocessed`);
    if (attempt) await backOff(attempt);
    const { data, unprocessed } = await read(pending, { concurrent: IN_FLIGHT });
    found.push(...data);
    pending = unprocessed;
  }
  return found;
}
