/**
 * Credentials kept briefly between sign-up (or a sign-in that found the account unconfirmed) and
 * the confirmation of the e-mail, so the user is signed in automatically once the code is accepted
 * (spec 000 §4). Kept in this page's memory only, never in any storage: gone on reload, after 10
 * minutes, or once used (a reload before confirming means signing in by hand).
 */
export const PENDING_SIGN_IN_TTL_MS = 10 * 60 * 1000;

export interface PendingSignIn {
  email: string;
  password: string;
}

let pending: (PendingSignIn & { expiresAt: number }) | undefined;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

export function clearPendingSignIn(): void {
  if (expiryTimer) clearTimeout(expiryTimer);
  expiryTimer = undefined;
  pending = undefined;
}

/** Drop the kept credentials if their time is up (also done on every read). */
export function purgeExpiredPendingSignIn(now = Date.now()): void {
  if (pending && pending.expiresAt <= now) clearPendingSignIn();
}

/** Keep the credentials for the automatic sign-in after confirmation (replaces any earlier ones). */
export function keepPendingSignIn(email: string, password: string, now = Date.now()): void {
  clearPendingSignIn();
  pending = { email, password, expiresAt: now + PENDING_SIGN_IN_TTL_MS };
  expiryTimer = setTimeout(clearPendingSignIn, PENDING_SIGN_IN_TTL_MS);
}

/** The kept credentials for this e-mail, removed as they are read; undefined if none or expired. */
export function takePendingSignIn(email: string, now = Date.now()): PendingSignIn | undefined {
  const kept = pending;
  clearPendingSignIn();
  if (!kept || kept.expiresAt <= now || kept.email !== email) return undefined;
  return { email: kept.email, password: kept.password };
}
