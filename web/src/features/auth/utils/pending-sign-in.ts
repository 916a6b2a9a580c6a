/**
 * Credentials kept briefly between sign-up (or a sign-in that found the account unconfirmed) and
 * the confirmation of the e-mail, so the user is signed in automatically once the code is accepted
 * (spec 000 §4). Kept in sessionStorage (this tab only), for 10 minutes at most, removed when used.
 */
const STORAGE_KEY = 'auth.pendingSignIn';
export const PENDING_SIGN_IN_TTL_MS = 10 * 60 * 1000;

export interface PendingSignIn {
  email: string;
  password: string;
}

interface Stored extends PendingSignIn {
  expiresAt: number;
}

let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

function read(): Stored | undefined {
  const raw = storage()?.getItem(STORAGE_KEY);
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<Stored>;
    if (
      typeof value.email === 'string' &&
      typeof value.password === 'string' &&
      typeof value.expiresAt === 'number'
    )
      return value as Stored;
  } catch {
    // fall through: an unreadable entry is dropped
  }
  clearPendingSignIn();
  return undefined;
}

export function clearPendingSignIn(): void {
  if (expiryTimer) clearTimeout(expiryTimer);
  expiryTimer = undefined;
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // storage unavailable: nothing was kept
  }
}

/** Drop the kept credentials if their time is up (also done on every read). */
export function purgeExpiredPendingSignIn(now = Date.now()): void {
  const stored = read();
  if (stored && stored.expiresAt <= now) clearPendingSignIn();
}

/** Keep the credentials for the automatic sign-in after confirmation (replaces any earlier ones). */
export function keepPendingSignIn(email: string, password: string, now = Date.now()): void {
  const value: Stored = { email, password, expiresAt: now + PENDING_SIGN_IN_TTL_MS };
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    return;
  }
  if (expiryTimer) clearTimeout(expiryTimer);
  expiryTimer = setTimeout(clearPendingSignIn, PENDING_SIGN_IN_TTL_MS);
}

/** The kept credentials for this e-mail, removed as they are read; undefined if none or expired. */
export function takePendingSignIn(email: string, now = Date.now()): PendingSignIn | undefined {
  const stored = read();
  if (!stored) return undefined;
  clearPendingSignIn();
  if (stored.expiresAt <= now || stored.email !== email) return undefined;
  return { email: stored.email, password: stored.password };
}
