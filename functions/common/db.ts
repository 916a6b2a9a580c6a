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
 * An ElectroDB Service over the table for these entities, created on first use (the table name is
 * read from the environment then). Entities written in one transaction must share a Service.
 */
export function bindService<E extends Record<string, AnyEntity>>(entities: E) {
  let service: Service<E> | undefined;
  return () => {
    service ??= new Service(entities, { client: documentClient, table: config.tableName });
    return service;
  };
}
