/**
 * One stream job's handler in a process of its own (scripts/local/job-process.ts): loads the entry
 * named on its command line once, then runs each SQS event its parent sends and answers the result
 * (or the error's message). Its memory is bounded by the parent's --max-old-space-size.
 */
import { resolve } from 'node:path';

type Handler = (event: unknown) => Promise<unknown>;
const entry = process.argv[2];
const loaded = import(resolve(import.meta.dirname, '../..', entry)) as Promise<{ handler: Handler }>;

// The runner gone (stopped, or ended however it ended): this process goes with it.
process.on('disconnect', () => process.exit(0));
process.on('message', async (message: { id: number; event: unknown }) => {
  try {
    const { handler } = await loaded;
    process.send?.({ id: message.id, result: await handler(message.event) });
  } catch (error) {
    process.send?.({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
// Ready once the entry is loaded: the budget counts the job's work, as a warm Lambda's would.
loaded.then(
  () => process.send?.({ ready: true }),
  (error: unknown) => {
    console.error('the job could not be loaded', error);
    process.exit(1);
  },
);
