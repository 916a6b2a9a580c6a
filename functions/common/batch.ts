/**
 * ElectroDB's batch operations (BatchGetItem, BatchWriteItem) done whole:
 * - `IN_FLIGHT` requests at once. ElectroDB's option is `concurrent`; the deprecated `concurrency`
 *   is ignored without a word (one request at a time), so a lint plugin (lint/electrodb-concurrent.grit)
 *   refuses it;
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
 * Puts (or deletes) every item: `write` is the entity's batch call (`(items, options) =>
 * entity.put(items).go(options)`), `keyFields` the attributes that tell its items apart, as ElectroDB
 * returns unprocessed items by their key.
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
    const { unprocessed } = await write(pending, { concurrent: IN_FLIGHT });
    if (!unprocessed.length) return;
    const left = new Set(unprocessed.map(keyOf));
    pending = pending.filter((item) => left.has(keyOf(item)));
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
