/**
 * Builds the test run's demo data snapshot (see demo-snapshot.ts): a stack on the run's DynamoDB
 * Local with the demo workspace seeded, every reaction and job to it run, then stopped; its table
 * and data folder stay for the copies. Run as a child process by the first test file that needs it.
 */
import { startLocalStackOnFreePorts } from '../../scripts/local/stack';

const { dataDir, tableName, dynamodbEndpoint, certDir } = JSON.parse(process.env.SNAPSHOT ?? '{}') as {
  dataDir: string;
  tableName: string;
  dynamodbEndpoint: string;
  certDir: string;
};

const stack = await startLocalStackOnFreePorts({
  dataDir,
  tableName,
  dynamodbEndpoint,
  certDir,
  seed: 'demo',
  logLevel: 'ERROR',
});
try {
  await stack.reactions.drain();
  await stack.jobs.drain();
  await stack.reactions.drain();
} finally {
  await stack.stop();
}
process.exit(0);
