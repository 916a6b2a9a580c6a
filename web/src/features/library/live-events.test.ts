import type { LiveEvent } from '@shared/events';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createLiveEventDispatch } from '@/lib/live-events';
import { candidatesQueryOptions } from './api/list-candidates';
import { collectionsQueryOptions } from './api/list-collections';
import { libraryPagesQueryOptions } from './api/search-library';
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
});
