/**
 * Quiz Central's rules (spec 002 §2.5, §4, §5, §8), as pure functions: the tab in the URL, what
 * each invitation row offers, how its status reads, the invite e-mail rule and the error wording.
 */
import { MAIL_REFUSAL_MARK } from '@shared/constants';
import type { PermissionMap } from '@shared/permissions';
import { type InviteStatus, QUIZ_MESSAGES, type QuizInvite, SendInviteRequest } from '@shared/schemas/quiz';

export const CENTRAL_TABS = ['inbox', 'sent', 'templates'] as const;
export type CentralTab = (typeof CENTRAL_TABS)[number];

/** The tab named by ?tab=, Inbox when it names none. */
export const tabFromSearch = (value: string | null): CentralTab =>
  CENTRAL_TABS.find((tab) => tab === value?.toLowerCase()) ?? 'inbox';

export type InviteBox = 'inbox' | 'sent';

export type InviteAction = 'accept' | 'decline' | 'open-project' | 'cancel' | 'view-answers' | 'export';

/**
 * A row's actions by its status (spec 002 §4): in the Inbox the recipient (claimable) accepts or
 * declines an UNCLAIMED invitation, and the accepted project opens from it; in Sent the team cancels
 * an UNCLAIMED one and reads or exports the answers once ANSWERED. Anything else offers nothing.
 * The UI only hides what the server would refuse.
 */
export function inviteActions(
  invite: QuizInvite,
  box: InviteBox,
  permissions: PermissionMap = {},
): InviteAction[] {
  const { inviteStatus: status } = invite;
  if (box === 'inbox') {
    if (status === 'UNCLAIMED') return invite.claimable ? ['accept', 'decline'] : [];
    if ((status === 'ACCEPTED' || status === 'ANSWERED') && invite.projectId) return ['open-project'];
    return [];
  }
  if (status === 'UNCLAIMED') return permissions.CREATE_QUESTION ? ['cancel'] : [];
  if (status === 'ANSWERED') return permissions.READ_ANSWER ? ['view-answers', 'export'] : [];
  return [];
}

export interface StatusLook {
  label: string;
  color: string;
}

/** How a status reads: the recipient's side sees a new invitation, the sender's a wait for a reply. */
export function inviteStatusLook(status: InviteStatus, box: InviteBox): StatusLook {
  switch (status) {
    case 'UNCLAIMED':
      return box === 'inbox' ? { label: 'New', color: 'blue' } : { label: 'Awaiting reply', color: 'blue' };
    case 'ACCEPTED':
      return { label: box === 'inbox' ? 'Accepted' : 'In progress', color: 'violet' };
    case 'ANSWERED':
      return { label: 'Answered', color: 'teal' };
    case 'DECLINED':
      return { label: 'Declined', color: 'orange' };
    case 'CANCELLED':
      return { label: 'Cancelled', color: 'gray' };
  }
}

/** The date a row shows: when it was sent; the moment it was acted on is a detail. */
export function inviteEvent(invite: QuizInvite): { label: string; at: string } | null {
  if (invite.inviteStatus === 'ANSWERED' && invite.answeredAt)
    return { label: 'Answered', at: invite.answeredAt };
  if (invite.respondedAt) {
    const label =
      invite.inviteStatus === 'DECLINED'
        ? 'Declined'
        : invite.inviteStatus === 'CANCELLED'
          ? 'Cancelled'
          : 'Accepted';
    return { label, at: invite.respondedAt };
  }
  return null;
}

/**
 * The invite e-mail (spec 002 §5): non-blank, with an @ and a dot, over 5 characters; and an
 * address the server's schema takes.
 */
export function isValidInviteEmail(value: string): boolean {
  const email = value.trim();
  if (email.length <= 5 || !email.includes('@') || !email.includes('.')) return false;
  return SendInviteRequest.safeParse({ emailAddress: email }).success;
}

const KNOWN_MESSAGES = new Set<string>(Object.values(QUIZ_MESSAGES));

/**
 * The toast for a failed call: the server's own words when they are one of the quiz messages
 * (e.g. 'This invitation has already been answered, declined or cancelled'), else the subject's.
 */
export function quizErrorMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'status' in error && 'message' in error) {
    const { status, message } = error as { status: number; message: string };
    if (status >= 400 && status < 500 && KNOWN_MESSAGES.has(message)) return message;
    // The address bounced or marked our e-mail as spam: the server's words say which and since when.
    if (status === 422 && typeof message === 'string' && message.includes(MAIL_REFUSAL_MARK)) return message;
  }
  return fallback;
}

/** A 409 from a save: someone saved the quiz after it was read. */
export const isStaleSave = (error: unknown) =>
  !!error && typeof error === 'object' && 'status' in error && (error as { status: number }).status === 409;

/** A 404 from a read: the quiz or invitation is gone (or never was this team's). */
export const isNotFound = (error: unknown) =>
  !!error && typeof error === 'object' && 'status' in error && (error as { status: number }).status === 404;

/** '1 question', '12 questions'. */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

const shortDateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** '12 Mar 2026' in local time; '' when unreadable. */
export function shortDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : shortDateFormat.format(date);
}
