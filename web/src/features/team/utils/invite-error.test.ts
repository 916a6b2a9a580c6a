import { INVITATION_LIMIT_MESSAGE } from '@shared/constants';
import { describe, expect, it } from 'vitest';
import { INVITE_ERROR, inviteErrorToast } from './invite-error';

describe('the toast of a failed invitation', () => {
  it("shows the server's 429 message once the team's invitation budget is spent", () => {
    // Prepare
    const refused = { status: 429, message: INVITATION_LIMIT_MESSAGE };
    // Act
    const toast = inviteErrorToast(refused);
    // Assess
    expect(toast).toEqual({ message: INVITATION_LIMIT_MESSAGE, title: INVITE_ERROR });
  });

  it("shows the server's 409 (already a member or invited)", () => {
    const refused = { status: 409, message: 'That person has already been invited to your team' };
    expect(inviteErrorToast(refused)).toEqual({ message: refused.message, title: INVITE_ERROR });
  });

  it("shows the server's 422 when the address does not receive our e-mail", () => {
    const refused = {
      status: 422,
      message:
        'bounce@simulator.amazonses.com is not receiving our e-mail (it bounced on 27 Nov 2026). Check the address or ask them another way.',
    };
    expect(inviteErrorToast(refused)).toEqual({ message: refused.message, title: INVITE_ERROR });
  });

  it('shows only the subject for other failures', () => {
    expect(inviteErrorToast({ status: 500, message: 'Internal detail' })).toEqual({ message: INVITE_ERROR });
    expect(inviteErrorToast({ status: 400, message: 'Invalid request body' })).toEqual({
      message: INVITE_ERROR,
    });
    expect(inviteErrorToast(new Error('Failed to fetch'))).toEqual({ message: INVITE_ERROR });
    expect(inviteErrorToast(undefined)).toEqual({ message: INVITE_ERROR });
  });
});
