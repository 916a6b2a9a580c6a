import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import type { ResendSignUpCodeOutput } from 'aws-amplify/auth';
import { loadAuthFlows } from '@/lib/auth';

/** Identity-service: e-mail a new verification code for an unconfirmed account (no REST call). */
export async function resendVerificationCode(email: string): Promise<ResendSignUpCodeOutput> {
  const { resendSignUpCode } = await loadAuthFlows();
  return resendSignUpCode({ username: email });
}

export const useResendSignUpCode = (
  options: Omit<UseMutationOptions<ResendSignUpCodeOutput, Error, string>, 'mutationFn'> = {},
) => useMutation({ ...options, mutationFn: resendVerificationCode });
