/**
 * The local stack's secrets. The reply-address signing secret is generated once per data directory
 * and kept in it (`secrets.json`, readable by its owner only), so reply addresses sent before a
 * restart still work after it, and two data directories never share one. The key of the
 * @connections endpoint is new at every start: only the runtime in this process is given it.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LocalDataError } from './local-data';

export const SECRETS_FILE = 'secrets.json';

export interface LocalSecrets {
  replySigningSecret: string;
}

const isSecrets = (value: unknown): value is LocalSecrets =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as LocalSecrets).replySigningSecret === 'string' &&
  (value as LocalSecrets).replySigningSecret.length >= 32;

/** The data directory's secrets: read from `secrets.json`, or generated and stored on its first start. */
export function localSecrets(dataDir: string): LocalSecrets {
  const file = join(dataDir, SECRETS_FILE);
  const read = (): LocalSecrets | undefined => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!isSecrets(parsed))
      throw new LocalDataError(
        dataDir,
        `${file} is not a secrets file this stack wrote (unreadable, or without its reply-signing secret)`,
      );
    return parsed;
  };
  const existing = read();
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const secrets: LocalSecrets = { replySigningSecret: randomBytes(32).toString('base64url') };
  // Written whole under another name, then linked into place: a reader never sees half a file, and
  // of two starts racing on one directory the first link wins and the other reads what it wrote.
  const staging = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(staging, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  try {
    linkSync(staging, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(staging, { force: true });
  }
  return read() ?? secrets;
}

/** A new key for the @connections endpoint (one per start). */
export const newManagementKey = () => randomBytes(24).toString('base64url');
