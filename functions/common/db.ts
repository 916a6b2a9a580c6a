import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** One client per Lambda container. The endpoint comes from AWS_ENDPOINT_URL_DYNAMODB when set. */
export const dynamo = new DynamoDBClient({});
export const documentClient = DynamoDBDocumentClient.from(dynamo, {
  marshallOptions: { removeUndefinedValues: true },
});
