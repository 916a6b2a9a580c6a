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

/** The names of the seeded queries the event marks stale. */
function invalidatedBy(event: LiveEvent, keys: Record<string, readonly unknown[]>) {
  const queryClient = new QueryClient();
  for (const key of Object.values(keys)) queryClient.setQueryData(key, { seeded: true });
  createLiveEventDispatch([libraryLiveEvents])(event, { queryClient, toast: vi.fn(), navigate: vi.fn() });
  const names = Object.entries(keys)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);
  queryClient.clear();
  return names;
}

const team = { kind: 'team', id: 't1' } as const;
const keys = {
  available: libraryPagesQueryOptions({ view: 'AVAILABLE' }).queryKey,
  candidates: candidatesQueryOptions().queryKey,
  collections: collectionsQueryOptions().queryKey,
  report: libraryHealthQueryOptions().queryKey,
  summary: libraryHealthSummaryQueryOptions().queryKey,
  gaps: gapsQueryOptions().queryKey,
  projects: ['projects', 'list', 'open', null],
};

describe('library live events', () => {
  it('LIBRARY_UPDATED refreshes every library query and nothing else', () => {
    // Prepare
    const event: LiveEvent = { eventName: 'LIBRARY_UPDATED', data: { changes: 3 }, scope: team };
    // Act
    const invalidated = invalidatedBy(event, keys);
    // Assess
    expect(invalidated).toEqual(['available', 'candidates', 'collections', 'report', 'summary', 'gaps']);
  });

  it('LIBRARY_HEALTH_UPDATED refreshes Library health and its counts, not the answers', () => {
    // Prepare
    const event: LiveEvent = {
      eventName: 'LIBRARY_HEALTH_UPDATED',
      data: { status: 'IDLE', duplicateGroups: 2, conflicts: 1 },
      scope: team,
    };
    // Act
    const invalidated = invalidatedBy(event, keys);
    // Assess
    expect(invalidated).toEqual(['report', 'summary']);
  });

  it('LIBRARY_GAPS_UPDATED refreshes the gap list, not the answers or Library health', () => {
    // Prepare
    const event: LiveEvent = {
      eventName: 'LIBRARY_GAPS_UPDATED',
      data: { computedAt: '2026-11-28T03:00:00.000Z' },
      scope: team,
    };
    // Act
    const invalidated = invalidatedBy(event, keys);
    // Assess
    expect(invalidated).toEqual(['gaps']);
  });
});
