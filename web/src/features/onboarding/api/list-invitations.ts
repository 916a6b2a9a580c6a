import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/invitations: invitations pending for the caller's e-mail address. */
export const listInvitations = (signal?: AbortSignal) => api('listInvitations', { signal });
export type PendingInvitation = Awaited<ReturnType<typeof listInvitations>>[number];

export const invitationsQueryKey = ['onboarding', 'invitations'] as const;

export const invitationsQueryOptions = () =>
  queryOptions({ queryKey: invitationsQueryKey, queryFn: ({ signal }) => listInvitations(signal) });

export const useInvitations = () => useQuery(invitationsQueryOptions());
