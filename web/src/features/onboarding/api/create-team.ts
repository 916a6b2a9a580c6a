import { CreateTeamRequest } from '@shared/schemas/team';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import type * as z from 'zod';
import { api } from '@/lib/api-client';

export { CreateTeamRequest };
export type CreateTeamInput = z.output<typeof CreateTeamRequest>;

/** POST /api/team: create a team owned by the caller. */
export const createTeam = (body: CreateTeamInput) => api('createTeam', { body });
export type CreatedTeam = Awaited<ReturnType<typeof createTeam>>;

export const useCreateTeam = (
  options: Omit<UseMutationOptions<CreatedTeam, Error, CreateTeamInput>, 'mutationFn'> = {},
) => useMutation({ ...options, mutationFn: createTeam });
