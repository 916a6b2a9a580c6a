/**
 * The single DynamoDB table, defined once. CDK builds it from this and the local runner creates
 * it from this; entities in functions/common/entities.ts use the same attribute names.
 */
export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  /** Global secondary indexes, named after the access pattern they serve. */
  indexes: [
    { name: 'byUser', partitionKey: 'byUserPk', sortKey: 'byUserSk' },
    { name: 'byEmail', partitionKey: 'byEmailPk', sortKey: 'byEmailSk' },
  ],
} as const;

export type IndexName = (typeof TABLE.indexes)[number]['name'];
