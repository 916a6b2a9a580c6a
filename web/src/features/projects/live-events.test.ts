import type { LiveEvent } from '@shared/events';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createLiveEventDispatch } from '@/lib/live-events';
import { dashboardProjectsQueryKey } from './api/get-dashboard-projects';
import { projectDashboardQueryKey } from './api/get-project-dashboard';
import { sheetQueryKey } from './api/get-sheet';
import { sourceQueryKey } from './api/get-source';
import { libraryDocumentsQueryOptions } from './api/list-library-documents';
import { projectDocumentsQueryOptions } from './api/list-project-documents';
import { projectFilesQueryOptions } from './api/list-project-files';
import { sourcesQueryOptions } from './api/list-sources';
import { projectsLiveEvents } from './live-events';

const event: LiveEvent = {
  eventName: 'PROJECT_UPDATED',
  data: { projectId: 'p1' },
  scope: { kind: 'project', id: 'p1' },
};

describe('projects live events', () => {
  it('PROJECT_UPDATED refreshes every projects query (an open dashboard included) and nothing else', async () => {
    const queryClient = new QueryClient();
    const keys = {
      dashboard: projectDashboardQueryKey('p1'),
      otherDashboard: projectDashboardQueryKey('p2'),
      homePanel: dashboardProjectsQueryKey,
      user: ['user', 'me'],
    };
    for (const key of Object.values(keys)) queryClient.setQueryData(key, { seeded: true });
    createLiveEventDispatch([projectsLiveEvents])(event, { queryClient, toast: vi.fn(), navigate: vi.fn() });
    const invalidated = Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
    expect(invalidated).toEqual(['dashboard', 'otherDashboard', 'homePanel']);
    queryClient.clear();
  });

  it("SOURCE_UPDATED refreshes that project's sources (list and each source), not a sheet being edited", () => {
    const queryClient = new QueryClient();
    const keys = {
      list: sourcesQueryOptions('p1').queryKey,
      source: sourceQueryKey('p1', 'src1'),
      otherProject: sourcesQueryOptions('p2').queryKey,
      sheet: sheetQueryKey('p1', 'sheet1'),
      dashboard: projectDashboardQueryKey('p1'),
    };
    for (const key of Object.values(keys)) queryClient.setQueryData(key, { seeded: true });
    const updated: LiveEvent = {
      eventName: 'SOURCE_UPDATED',
      data: { projectId: 'p1', projectSourceId: 'src1', status: 'READY' },
      scope: { kind: 'project', id: 'p1' },
    };
    createLiveEventDispatch([projectsLiveEvents])(updated, {
      queryClient,
      toast: vi.fn(),
      navigate: vi.fn(),
    });
    const invalidated = Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
    expect(invalidated).toEqual(['list', 'source']);
    queryClient.clear();
  });

  describe('attachments', () => {
    const invalidatedBy = (event: LiveEvent) => {
      const queryClient = new QueryClient();
      const keys = {
        projectDocuments: projectDocumentsQueryOptions('p1').queryKey,
        projectFiles: projectFilesQueryOptions('p1').queryKey,
        otherFiles: projectFilesQueryOptions('p2').queryKey,
        library: libraryDocumentsQueryOptions().queryKey,
        dashboard: projectDashboardQueryKey('p1'),
      };
      for (const key of Object.values(keys)) queryClient.setQueryData(key, { seeded: true });
      createLiveEventDispatch([projectsLiveEvents])(event, {
        queryClient,
        toast: vi.fn(),
        navigate: vi.fn(),
      });
      const invalidated = Object.entries(keys)
        .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
        .map(([name]) => name);
      queryClient.clear();
      return invalidated;
    };

    it("ATTACHMENTS_UPDATED refreshes that project's attachments and the library, not the dashboard", () => {
      const event: LiveEvent = {
        eventName: 'ATTACHMENTS_UPDATED',
        data: { projectId: 'p1', documentId: 'd1' },
        scope: { kind: 'project', id: 'p1' },
      };
      expect(invalidatedBy(event)).toEqual(['projectDocuments', 'projectFiles', 'library']);
      expect(invalidatedBy({ ...event, self: true })).toEqual([]);
    });

    it("DOCUMENTS_UPDATED refreshes the library and every project's attachments", () => {
      expect(
        invalidatedBy({
          eventName: 'DOCUMENTS_UPDATED',
          data: { documentId: 'd1' },
          scope: { kind: 'team', id: 't1' },
        }),
      ).toEqual(['projectDocuments', 'projectFiles', 'otherFiles', 'library']);
    });
  });
});
