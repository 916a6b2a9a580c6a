import type { LiveEvent } from '@shared/events';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createLiveEventDispatch } from '@/lib/live-events';
import { candidatesQueryOptions } from './api/list-candidates';
import { collectionsQueryOptions } from './api/list-collections';
import { libraryPagesQueryOptions } from './api/search-library';
import { gapsQueryOptions } from './gaps/api/list-gaps';
import { libraryHealthQueryOptions } from './health/api/get-library-health';
import { libraryHealthSummaryQueryOptions } from './health/api/get-library-health-summary';
import { libraryLiveEvents } from './live-events';

describe('library live events', () => {
  it('LIBRARY_UPDATED refreshes every library query and nothing else', () => {
    // Prepare
    const queryClient = new QueryClient();
    const keys = {
      available: libraryPagesQueryOptions({ view: 'AVAILABLE' }).queryKey,
      candidates: candidatesQueryOptions().queryKey,
      collections: collectionsQueryOptions().queryKey,
      projects: ['projects', 'list', 'open', null],
    };
    for (const key of Object.values(keys)) queryClient.setQueryData(key, { seeded: true });
    const event: LiveEvent = {
      eventName: 'LIBRARY_UPDATED',
      data: { changes: 3 },
      scope: { kind: 'team', id: 't1' },
    };

    // Act
    createLiveEventDispatch([libraryLiveEvents])(event, { queryClient, toast: vi.fn(), navigate: vi.fn() });

    // Assess
    const invalidated = Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
    expect(invalidated).toEqual(['available', 'candidates', 'collections']);
    queryClient.clear();
  });

  it('LIBRARY_HEALTH_UPDATED refreshes Library health and its counts, not the answers', () => {
    // Prepare
    const queryClient = new QueryClient();
    const keys = {
      report: libraryHealthQueryOptions().queryKey,
      summary: libraryHealthSummaryQueryOptions().queryKey,
      available: libraryPagesQueryOptions({ view: 'AVAILABLE' }).queryKey,
      gaps: gapsQueryOptions().queryKey,
    };
    for (const key of Object.values(keys) as ReadonlyArray<readonly unknown[]>)
      queryClient.setQueryData(key, { seeded: true });
    const event: LiveEvent = {
      eventName: 'LIBRARY_HEALTH_UPDATED',
      data: { status: 'IDLE', duplicateGroups: 2, conflicts: 1 },
      scope: { kind: 'team', id: 't1' },
    };

    // Act
    createLiveEventDispatch([libraryLiveEvents])(event, { queryClient, toast: vi.fn(), navigate: vi.fn() });

    // Assess
    const invalidated = Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
    expect(invalidated).toEqual(['report', 'summary']);
    queryClient.clear();
  });

  it('LIBRARY_GAPS_UPDATED refreshes the gap list, not the answers or Library health', () => {
    // Prepare
    const queryClient = new QueryClient();
    const keys = {
      gaps: gapsQueryOptions().queryKey,
      report: libraryHealthQueryOptions().queryKey,
      available: libraryPagesQueryOptions({ view: 'AVAILABLE' }).queryKey,
    };
    for (const key of Object.values(keys) as ReadonlyArray<readonly unknown[]>)
      queryClient.setQueryData(key, { seeded: true });
    const event: LiveEvent = {
      eventName: 'LIBRARY_GAPS_UPDATED',
      data: { computedAt: '2026-11-28T03:00:00.000Z' },
      scope: { kind: 'team', id: 't1' },
    };

    // Act
    createLiveEventDispatch([libraryLiveEvents])(event, { queryClient, toast: vi.fn(), navigate: vi.fn() });

    // Assess
    const invalidated = Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
    expect(invalidated).toEqual(['gaps']);
    queryClient.clear();
  });
});
