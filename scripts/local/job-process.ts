/**
 * A heavy stream job run locally as AWS runs it: in a process of its own, with a time and memory
 * budget (its Lambda's timeout and memory size), so one customer file can never take the runner —
 * and every API call it serves — down with it. The job's process is started on the first message
 * and kept for the next ones; a message that outlives the budget, or a process that runs out of
 * memory, ends that process (killed) and fails the message, which comes back with a higher receive
 * count as SQS would send it again (the source processor then marks the file FAILED, saying why).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { resolve } from 'node:path';

export interface JobBudget {
  timeoutMs: number;
  memoryMb: number;
}

type SqsHandler = (event: { Records: unknown[] }) => Promise<unknown>;

interface Slot {
  child: ChildProcess;
  ready: Promise<void>;
  busy: boolean;
}

/** An SQS handler that runs `entry`'s handler in budgeted processes, one message per process at a time. */
export function budgetedJob(entry: string, budget: JobBudget) {
  const slots: Slot[] = [];
  let next = 0;

  function spawn(): Slot {
    const child = fork(resolve(import.meta.dirname, 'job-child.ts'), [entry], {
      execArgv: ['--import', 'tsx', `--max-old-space-size=${budget.memoryMb}`],
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    // The job's log lines join the runner's (the log file under `npm start`).
    child.stdout?.on('data', (chunk) => process.stdout.write(chunk));
    child.stderr?.on('data', (chunk) => process.stderr.write(chunk));
    const ready = new Promise<void>((resolveReady, reject) => {
      child.once('message', () => resolveReady());
      child.once('exit', (code) => reject(new Error(`The job's process ended while starting (${code})`)));
    });
    ready.catch(() => undefined);
    const slot: Slot = { child, ready, busy: false };
    child.once('exit', () => {
      const at = slots.indexOf(slot);
      if (at >= 0) slots.splice(at, 1);
    });
    slots.push(slot);
    return slot;
  }

  async function run(slot: Slot, event: unknown) {
    await slot.ready;
    const id = ++next;
    return new Promise<unknown>((resolveRun, reject) => {
      const timer = setTimeout(() => {
        slot.child.kill('SIGKILL');
        reject(new Error(`The job ran out of time (${budget.timeoutMs} ms)`));
      }, budget.timeoutMs);
      const onMessage = (message: { id?: number; result?: unknown; error?: string }) => {
        if (message.id !== id) return;
        done();
        if (message.error !== undefined) reject(new Error(message.error));
        else resolveRun(message.result);
      };
      const onExit = (code: number | null, signal: string | null) => {
        done();
        reject(new Error(`The job's process ended (${signal ?? code}): out of memory or killed`));
      };
      const done = () => {
        clearTimeout(timer);
        slot.child.off('message', onMessage);
        slot.child.off('exit', onExit);
      };
      slot.child.on('message', onMessage);
      slot.child.once('exit', onExit);
      slot.child.send({ id, event });
    });
  }

  const handler: SqsHandler = async (event) => {
    const slot = slots.find((s) => !s.busy && s.child.exitCode === null) ?? spawn();
    slot.busy = true;
    try {
      return await run(slot, event);
    } finally {
      slot.busy = false;
    }
  };
  const stop = async () => {
    for (const slot of [...slots]) slot.child.kill('SIGKILL');
  };
  return { handler, stop };
}
