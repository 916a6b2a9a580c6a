import { LIMITS } from '@shared/constants';
import { emailAddress } from '@shared/schemas/common';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { type SignUpOutput, signUp } from 'aws-amplify/auth';
import * as z from 'zod';

const PASSWORD_MESSAGE = 'Please enter a password';

/** The Create Account form (spec 000 §5): the e-mail comes out trimmed and lower-cased. */
export const SignUpInput = z.object({
  email: emailAddress(LIMITS.email),
  password: z
    .string({ error: PASSWORD_MESSAGE })
    .min(8, PASSWORD_MESSAGE)
    .max(LIMITS.password, PASSWORD_MESSAGE),
});
export type SignUpInput = z.output<typeof SignUpInput>;

/** Identity-service sign-up (no REST call), with the e-mail as the username. */
export const signUpUser = ({ email, password }: SignUpInput): Promise<SignUpOutput> =>
  signUp({ username: email, password, options: { userAttributes: { email } } });

export const useSignUp = (
  options: Omit<UseMutationOptions<SignUpOutput, Error, SignUpInput>, 'mutationFn'> = {},
) => useMutation({ ...options, mutationFn: signUpUser });
