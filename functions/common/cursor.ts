/**
 * The one check of page cursors. A cursor is ElectroDB's: the base64url JSON of the last key a
 * Query read (DynamoDB's LastEvaluatedKey). Handed back by a caller it becomes that Query's
 * ExclusiveStartKey, so an edited one must never reach DynamoDB: it would either fail there (a
 * 500, "The provided starting key is invalid") or point the Query somewhere else. Every paginated
 * route checks its cursor here against the very Query it continues, before running it: the cursor
 * must hold exactly the key attributes that Query's items have (the table's key, and the index's
 * when it reads an index), each a non-empty string of a key's size, with the Query's own partition,
 * a sort key inside the Query's range, and a table key in the same team's namespace. Anything else
 * answers 400 with INVALID_CURSOR.
 */
import { TABLE } from '../../shared/table';
import { BadRequestError } from './errors';

export const INVALID_CURSOR = 'This page link is no longer valid';

/** DynamoDB's limit on a sort key value (a partition key's is larger; both are kept under it). */
const KEY_BYTES_MAX = 1024;

/** What a Query's `params()` (ElectroDB) says of its key condition. */
interface QueryParams {
  KeyConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
  IndexName?: string;
}

/** The refusal every forged, edited or foreign cursor gets. */
export const invalidCursor = () => new BadRequestError('Invalid request query', { cursor: [INVALID_CURSOR] });

/** The key attributes and conditions of a Query, read from its parameters. */
function keyConditionOf(params: QueryParams) {
  const names = params.ExpressionAttributeNames ?? {};
  const values = params.ExpressionAttributeValues ?? {};
  const expression = params.KeyConditionExpression ?? '';
  const partition = /^\s*(#\w+)\s*=\s*(:\w+)/.exec(expression);
  if (!partition) throw new Error(`A paged query has no partition condition: ${expression}`);
  const partitionName = names[partition[1]];
  const partitionValue = values[partition[2]];
  if (!partitionName || typeof partitionValue !== 'string')
    throw new Error(`A paged query's partition condition cannot be read: ${expression}`);
  const prefix = /begins_with\(\s*(#\w+)\s*,\s*(:\w+)\s*\)/.exec(expression);
  const sortPrefix = prefix && { name: names[prefix[1]], value: values[prefix[2]] };
  const index = params.IndexName ? TABLE.indexes.find((i) => i.name === params.IndexName) : undefined;
  if (params.IndexName && !index) throw new Error(`Unknown index ${params.IndexName}`);
  return {
    partition: { name: partitionName, value: partitionValue },
    sortPrefix: sortPrefix && typeof sortPrefix.value === 'string' ? sortPrefix : null,
    index,
  };
}

/** `TEAM#<id>`: the namespace of everything one team owns (functions/common/entities/keys.ts). */
const teamNamespace = (key: string) => /^TEAM#[^#]+/.exec(key)?.[0];

/**
 * Returns `cursor` when it may continue the Query whose `params()` are given (undefined when there
 * is none); throws the 400 otherwise.
 */
export function checkedCursor(cursor: string | null | undefined, query: { params(): object }) {
  if (cursor === undefined || cursor === null || cursor === '') return undefined;
  const condition = keyConditionOf(query.params() as QueryParams);
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (typeof key !== 'object' || key === null || Array.isArray(key)) throw invalidCursor();
  const record = key as Record<string, unknown>;
  const expected: string[] = [TABLE.partitionKey, TABLE.sortKey];
  if (condition.index) expected.push(condition.index.partitionKey, condition.index.sortKey);
  const present = Object.keys(record);
  const valid =
    present.length === expected.length &&
    expected.every(
      (name) =>
        Object.hasOwn(record, name) &&
        typeof record[name] === 'string' &&
        record[name] !== '' &&
        Buffer.byteLength(record[name], 'utf8') <= KEY_BYTES_MAX,
    );
  if (!valid) throw invalidCursor();
  const values = record as Record<string, string>;
  const { partition, sortPrefix, index } = condition;
  if (values[partition.name] !== partition.value) throw invalidCursor();
  if (sortPrefix && !values[sortPrefix.name].startsWith(sortPrefix.value as string)) throw invalidCursor();
  // Reading an index, the item's own key must still be in the team's namespace.
  if (index && teamNamespace(values[TABLE.partitionKey]) !== teamNamespace(partition.value))
    throw invalidCursor();
  return cursor;
}
