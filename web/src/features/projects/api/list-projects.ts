import type { PROJECT_TABS, ProjectListItem, ProjectPage } from '@shared/schemas/project';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { ProjectListItem, ProjectPage };
export type ProjectTab = (typeof PROJECT_TABS)[number];

/** GET /api/projects: one page (8) of the open or closed projects; `cursor` names the page. */
export const listProjects = (tab: ProjectTab, cursor: string | undefined, signal?: AbortSignal) =>
  api('listProjects', { query: { tab, cursor }, signal });

/** Every projects query starts with 'projects' (PROJECT_UPDATED refreshes them all). */
export const projectListQueryKey = (tab: ProjectTab, cursor: string | undefined) =>
  ['projects', 'list', tab, cursor ?? null] as const;

export const projectListQueryOptions = (tab: ProjectTab, cursor: string | undefined) =>
  queryOptions({
    queryKey: projectListQueryKey(tab, cursor),
    queryFn: ({ signal }) => listProjects(tab, cursor, signal),
  });

/** One page of the list; the previous page stays on screen while the next one loads. */
export const useProjectList = (tab: ProjectTab, cursor: string | undefined) =>
  useQuery({ ...projectListQueryOptions(tab, cursor), placeholderData: keepPreviousData });
