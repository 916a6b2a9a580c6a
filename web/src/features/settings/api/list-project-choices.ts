import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/projects?tab=open (its first page): the projects an endpoint can be limited to. */
export const listProjectChoices = (signal?: AbortSignal) =>
  api('listProjects', { query: { tab: 'open' }, signal });

export const projectChoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'project-choices'] as const,
    queryFn: ({ signal }) => listProjectChoices(signal),
    select: (page) => page.items.map((p) => ({ value: p.projectId, label: p.name })),
  });

export const useProjectChoices = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...projectChoicesQueryOptions(), enabled });
