/**
 * The mail viewer's store kept on disk: the SES emulator (aws-ses-v2-local) holds sent mail in memory
 * only, so each restart emptied the viewer. Every e-mail it stores is appended to a JSON-lines file
 * under the stack's data directory and read back at start; clearing the viewer clears the file.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const require = createRequire(import.meta.url);

type StoredEmail = Record<string, unknown>;

function readSaved(file: string): StoredEmail[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as StoredEmail];
      } catch {
        return []; // a line cut short by a crash
      }
    });
}

/** Who hears of each e-mail stored from now on (the local SES event publishing). */
const listeners = new Set<(email: StoredEmail) => void>();

/** Calls `listener` with each e-mail the emulator stores from now on; answers a function that stops it. */
export function onStoredMail(listener: (email: StoredEmail) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** An array whose push also appends to the file (the emulator only ever pushes to it). */
function persisting(file: string, initial: StoredEmail[]): StoredEmail[] {
  const list = [...initial];
  list.push = (...items: StoredEmail[]) => {
    for (const item of items) {
      try {
        appendFileSync(file, `${JSON.stringify(item)}\n`);
      } catch (error) {
        // A stack stopped and its folder removed while a send was in flight (the test tiers start
        // stacks one after another in one process): the mail stays in memory only.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    const length = Array.prototype.push.apply(list, items);
    for (const item of items) for (const listener of listeners) listener(item);
    return length;
  };
  return list;
}

/**
 * Keeps the SES emulator's sent (and received) mail in `file` across restarts. The emulator's module
 * holds one store per process; the last call names its file.
 */
export function persistMailStore(file: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const { getStoreReadonly } = require('aws-ses-v2-local/dist/store') as {
    getStoreReadonly: () => { emails: StoredEmail[] };
  };
  const store = getStoreReadonly();
  let emails = persisting(file, readSaved(file));
  Object.defineProperty(store, 'emails', {
    configurable: true,
    enumerable: true,
    get: () => emails,
    // The viewer's "clear" replaces the list.
    set: (next: StoredEmail[]) => {
      writeFileSync(file, next.map((email) => `${JSON.stringify(email)}\n`).join(''));
      emails = persisting(file, next);
    },
  });
}
