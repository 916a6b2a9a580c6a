/**
 * The single DynamoDB table, defined once. CDK builds it from this and the local runner creates
 * it from this; entities (functions/common/entities/ and each group's entities/) use the same attribute names.
 */
export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  /** The reactions function reads changes from the table's stream (new and old images). */
  streamViewType: 'NEW_AND_OLD_IMAGES',
  /** Global secondary indexes, named after the access pattern they serve. */
  indexes: [
    { name: 'byUser', partitionKey: 'byUserPk', sortKey: 'byUserSk' },
    { name: 'byEmail', partitionKey: 'byEmailPk', sortKey: 'byEmailSk' },
    { name: 'byStatus', partitionKey: 'byStatusPk', sortKey: 'byStatusSk' },
    /**
     * A document's attachments across projects and documents due an expiry check (functions/documents);
     * a project's answered questions by date (functions/insights).
     */
    { name: 'byDocument', partitionKey: 'byDocumentPk', sortKey: 'byDocumentSk' },
  ],
} as const;

export type IndexName = (typeof TABLE.indexes)[number]['name'];
