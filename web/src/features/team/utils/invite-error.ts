/** The toast of a failed member invitation (spec 000 §8: 'There was an error inviting that person'). */

export const INVITE_ERROR = 'There was an error inviting that person';

export interface InviteErrorToast {
  message: string;
  title?: string;
}

/**
 * The subject's wording, with the server's own words beneath it when they tell the inviter what to
 * do: already a member or invited (409), the address does not receive our e-mail (422 without field
 * errors: it bounced or marked us as spam), or the team's invitation e-mail budget spent for now (429,
 * INVITATION_LIMIT_MESSAGE). Anything else (a 500, a network failure) shows the subject alone.
 */
export function inviteErrorToast(error: unknown): InviteErrorToast {
  if (error && typeof error === 'object' && 'status' in error && 'message' in error) {
    const { status, message, fieldErrors } = error as {
      status: unknown;
      message: unknown;
      fieldErrors?: unknown;
    };
    const told = status === 409 || status === 429 || (status === 422 && !fieldErrors);
    if (told && typeof message === 'string' && message) {
      return { message, title: INVITE_ERROR };
    }
  }
  return { message: INVITE_ERROR };
}
