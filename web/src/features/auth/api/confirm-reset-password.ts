import { LIMITS } from '@shared/constants';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { confirmResetPassword } from 'aws-amplify/auth';
import * as z from 'zod';
import { verificationCode } from './confirm-sign-up';

const NEW_PASSWORD_MESSAGE = 'Please enter a new password';

/** Reset Password, step RESET_PASSWORD (spec 000 §5). */
export const ConfirmResetPasswordInput = z.object({
  code: verificationCode,
  password: z
    .string({ error: NEW_PASSWORD_MESSAGE })
    .min(8, NEW_PASSWORD_MESSAGE)
    .max(LIMITS.password, NEW_PASSWORD_MESSAGE),
});
export type ConfirmResetPasswordInput = z.output<typeof ConfirmResetPasswordInput>;

export interface ConfirmResetPasswordVariables extends ConfirmResetPasswordInput {
  email: string;
}

/** Identity-service forgot-password submit: code and new password (no REST call). */
export const submitNewPassword = ({ email, code, password }: ConfirmResetPasswordVariables): Promise<void> =>
  confirmResetPassword({ username: email, confirmationCode: code, newPassword: password });

export const useConfirmResetPassword = (
  options: Omit<UseMutationOptions<void, Error, ConfirmResetPasswordVariables>, 'mutationFn'> = {},
) => useMutation({ ...options, mutationFn: submitNewPassword });
