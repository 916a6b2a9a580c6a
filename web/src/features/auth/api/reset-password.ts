import { LIMITS } from '@shared/constants';
import { emailAddress } from '@shared/schemas/common';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { type ResetPasswordOutput, resetPassword } from 'aws-amplify/auth';
import * as z from 'zod';

/** Reset Password, step SEND_EMAIL. */
export const SendResetEmailInput = z.object({ email: emailAddress(LIMITS.email) });
export type SendResetEmailInput = z.output<typeof SendResetEmailInput>;

/** Identity-service forgot-password: e-mails a reset code (no REST call). */
export const sendPasswordResetEmail = ({ email }: SendResetEmailInput): Promise<ResetPasswordOutput> =>
  resetPassword({ username: email });

export const useResetPassword = (
  options: Omit<UseMutationOptions<ResetPasswordOutput, Error, SendResetEmailInput>, 'mutationFn'> = {},
) => useMutation({ ...options, mutationFn: sendPasswordResetEmail });
