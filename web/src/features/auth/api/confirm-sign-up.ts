import { LIMITS } from '@shared/constants';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { type ConfirmSignUpOutput, confirmSignUp } from 'aws-amplify/auth';
import * as z from 'zod';

const CODE_MESSAGE = 'Please enter the verification code';

/** A verification code (spec 000 §5): non-digits are stripped, then 6 to 10 digits. */
export const verificationCode = z
  .string({ error: CODE_MESSAGE })
  .transform((value) => value.replace(/\D/g, ''))
  .pipe(z.string().min(6, CODE_MESSAGE).max(LIMITS.verificationCode, CODE_MESSAGE));

export const ConfirmSignUpInput = z.object({ code: verificationCode });

export interface ConfirmSignUpVariables {
  email: string;
  code: string;
}

/** Identity-service confirmation of the e-mail with the emailed code (no REST call). */
export const confirmSignUpUser = ({ email, code }: ConfirmSignUpVariables): Promise<ConfirmSignUpOutput> =>
  confirmSignUp({ username: email, confirmationCode: code });

export const useConfirmSignUp = (
  options: Omit<UseMutationOptions<ConfirmSignUpOutput, Error, ConfirmSignUpVariables>, 'mutationFn'> = {},
) => useMutation({ ...options, mutationFn: confirmSignUpUser });
