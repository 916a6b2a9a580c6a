/**
 * Where `npm start` writes: the emulators', handlers' and request log lines go to a file under the
 * stack's data directory (the previous run's kept beside it as `.1`), so the terminal shows the
 * runner's own messages and the start banner; `--verbose` keeps everything on the terminal.
 */
import { createWriteStream, existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';

export interface Terminal {
  /** A line for the person at the terminal, whatever else is sent to the log file. */
  say(text: string): void;
  /** An error line for the person at the terminal. */
  warn(text: string): void;
}

const original = {
  out: process.stdout.write.bind(process.stdout),
  err: process.stderr.write.bind(process.stderr),
};

/** The terminal, as it was before any redirection. */
export const terminal: Terminal = {
  say: (text) => void original.out(`${text}\n`),
  warn: (text) => void original.err(`${text}\n`),
};

/**
 * From now on, everything this process writes to stdout and stderr (console, loggers, Node's
 * warnings) is appended to `file` instead; the terminal stays reachable through `terminal`.
 * Answers the file's descriptor-less stream, for child processes to inherit.
 */
let current: NodeJS.WritableStream | undefined;

export function sendOutputToFile(file: string): NodeJS.WritableStream {
  // A process that moves its output on (a test worker going to its next file) closes the last file.
  current?.end();
  mkdirSync(dirname(file), { recursive: true });
  if (existsSync(file)) renameSync(file, `${file}.1`);
  const log = createWriteStream(file, { flags: 'a' });
  const redirect = (chunk: unknown, encoding?: unknown, callback?: unknown) => {
    const done = typeof encoding === 'function' ? encoding : callback;
    return log.write(
      chunk as string,
      typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
      done as ((error?: Error | null) => void) | undefined,
    );
  };
  process.stdout.write = redirect as typeof process.stdout.write;
  process.stderr.write = redirect as typeof process.stderr.write;
  current = log;
  return log;
}
