/**
 * A local data directory the stack cannot start from as it is (a user pool file it cannot read, a
 * demo identity the pool and the table disagree about): the error names what is wrong and how to
 * start afresh, and the runner shows it without a stack trace.
 */
import { relative } from 'node:path';

/** How to reset a data directory: delete it (the stack builds a new one) or use another port. */
export function resetAdvice(dataDir: string): string {
  const shown = relative(process.cwd(), dataDir);
  const path = shown && !shown.startsWith('..') ? shown : dataDir;
  return `To start afresh, stop the stack and delete ${path} (everything kept there is lost: accounts, data, mail), or start on another port (npm start -- --port N) to keep it.`;
}

export class LocalDataError extends Error {
  constructor(
    readonly dataDir: string,
    problem: string,
  ) {
    super(`The local data in ${dataDir} is inconsistent: ${problem}.\n${resetAdvice(dataDir)}`);
    this.name = 'LocalDataError';
  }
}
