import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { type ResendSignUpCodeOutput, resendSignUpCode } from 'aws-amplify/auth';

/** Identity-service: e-mail a new verification code for an unconfirmed account (no REST call). */
export const resendVerificationCode = (email: string): Promise<ResendSignUpCodeOutput> =>
  resendSignUpCode({ username: email });

export const useResendSignUpCode = (
  options: Omit<UseMutationOptions<ResendSignUpCodeOutput, Error, string>, 'mutationFn'> = {},
) => useMutation({ ...options, mutationFn: resendVerificationCode });
