/**
 * The floor for the bundle figures: the least a handler of ours can be, one DynamoDB GetItem with
 * the document client. A group's bundle and cold import are printed beside this one's.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));

export const handler = async () => {
  const { Item } = await client.send(
    new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: 'HEALTH', sk: 'HEALTH' } }),
  );
  return { statusCode: 200, body: JSON.stringify({ found: Boolean(Item) }) };
};
