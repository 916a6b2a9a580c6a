import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type Entity, Service } from 'electrodb';
import { config } from './config';

/** One client per Lambda container. The endpoint comes from AWS_ENDPOINT_URL_DYNAMODB when set. */
export const dynamo = new DynamoDBClient({});
export const documentClient = DynamoDBDocumentClient.from(dynamo, {
  marshallOptions: { removeUndefinedValues: true },
});

// biome-ignore lint/suspicious/noExplicitAny: ElectroDB's Service accepts entities of any schema.
type AnyEntity = Entity<any, any, any, any>;

/**
 * An ElectroDB Service over the table for these entities, created on first use and whenever the
 * table named by the environment changes. Entities written in one transaction must share a Service.
 */
export function bindService<E extends Record<string, AnyEntity>>(entities: E) {
  let bound: { table: string; service: Service<E> } | undefined;
  return () => {
    // Bound again if the table changes: the test tiers run many files' stacks in one process.
    const table = config.tableName;
    if (bound?.table !== table)
      bound = { table, service: new Service(entities, { client: documentClient, table }) };
    return bound.service;
  };
}
