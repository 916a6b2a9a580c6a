import { LIMITS } from '@shared/constants';
import { emailAddress } from '@shared/schemas/base';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { type PasswordSignInResult, signInWithPassword } from '@/lib/auth';

const PASSWORD_MESSAGE = 'Please enter your password';

/** The sign-in form (spec 000 §5): the e-mail comes out trimmed and lower-cased. */
export const SignInInput = z.object({
  email: emailAddress(LIMITS.email),
  password: z
    .string({ error: PASSWORD_MESSAGE })
    .check(z.minLength(8, PASSWORD_MESSAGE), z.maxLength(LIMITS.password, PASSWORD_MESSAGE)),
});
export type SignInInput = z.output<typeof SignInInput>;

/** Identity-service sign-in (no REST call): e-mail and password, USER_PASSWORD_AUTH. */
export const signInUser = ({ email, password }: SignInInput): Promise<PasswordSignInResult> =>
  signInWithPassword(email, password);

export const useSignIn = (
  options: Omit<UseMutationOptions<PasswordSignInResult, Error, SignInInput>, 'mutationFn'> = {},
) => useMutation({ ...options, mutationFn: signInUser });
