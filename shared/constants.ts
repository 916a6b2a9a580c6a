/** Business constants from the spec (000 §9) and the HTTP contract shared by client and server. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const REQUEST_ATTEMPTS = 2;
export const retryPauseMs = (attempt: number) => attempt * attempt * 100;

export const HEADER_SESSION_ID = 'x-session-id';
/** Chaos flag header: `fail` (503), `error` (500) or `delay=<ms>`; ignored in production. */
export const HEADER_CHAOS = 'x-chaos';

export const MAX_BODY_BYTES = 1024 * 1024;
export const LIMITS = {
  email: 250,
  inviteEmail: 256,
  password: 250,
  name: 256,
  verificationCode: 10,
  defaultInput: 255,
  teamNameMin: 3,
  teamNameMax: 256,
  photoBytes: 2 * 1024 * 1024,
  documentBytes: 25 * 1024 * 1024,
} as const;

export const TOAST_AUTO_CLOSE_MS = 3000;
export const NAV_WIDTH_PX = 48;
export const SUPPORT_EMAIL = 'support@example.com';

/**
 * The 429 of an invitation (a member's or a quiz's) once the team's invitation e-mail budget for
 * the hour is spent (functions/common/rate-limit.ts); the invite screens show it as it is.
 */
export const INVITATION_LIMIT_MESSAGE = 'Too many invitations sent. Please try again later.';

/**
 * The words every refusal to e-mail an address that bounces or marked us as spam carries
 * ("<address> is not receiving our e-mail (it bounced on <date>). Check the address or ask them another way."):
 * screens that show only known server messages recognise it by these.
 */
export const MAIL_REFUSAL_MARK = 'is not receiving our e-mail';

/** What people are told on every request once their team's identity provider turned their access off (SCIM). */
export const DEACTIVATED_MESSAGE =
  "Your access was turned off by your organisation's identity provider. Ask your administrator to restore it.";
