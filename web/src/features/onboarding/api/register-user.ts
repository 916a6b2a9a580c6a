import { RegistrationRequest } from '@shared/schemas/user';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import type * as z from 'zod';
import { api } from '@/lib/api-client';

export { RegistrationRequest };
export type RegistrationInput = z.output<typeof RegistrationRequest>;
export type Registered = Awaited<ReturnType<typeof registerUser>>;

/** POST /api/public/user (no token): complete registration; the response carries the userId. */
export const registerUser = (body: RegistrationInput) => api('registerUser', { body });

export const useRegisterUser = (
  options: Omit<UseMutationOptions<Registered, Error, RegistrationInput>, 'mutationFn'> = {},
) => useMutation({ ...options, mutationFn: registerUser });
