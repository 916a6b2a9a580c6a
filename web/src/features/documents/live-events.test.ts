import type { LiveEvent } from '@shared/events';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createLiveEventDispatch } from '@/lib/live-events';
import { documentVersionsQueryOptions } from './api/list-document-versions';
import { allDocumentsQueryOptions } from './api/list-documents';
import { documentsLiveEvents } from './live-events';

function invalidatedBy(event: LiveEvent): string[] {
  const queryClient = new QueryClient();
  const keys = {
    list: allDocumentsQueryOptions().queryKey,
    versions: documentVersionsQueryOptions('d1').queryKey,
    library: ['library', 'answers'],
  };
  for (const key of Object.values(keys)) queryClient.setQueryData(key, { seeded: true });
  createLiveEventDispatch([documentsLiveEvents])(event, { queryClient, toast: vi.fn(), navigate: vi.fn() });
  const names = Object.entries(keys)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);
  queryClient.clear();
  return names;
}

describe('document library live events', () => {
  const event: LiveEvent = {
    eventName: 'DOCUMENTS_UPDATED',
    data: { documentId: 'd1' },
    scope: { kind: 'team', id: 't1' },
  };

  it("DOCUMENTS_UPDATED by someone else refreshes the library's queries, nothing else", () => {
    expect(invalidatedBy(event)).toEqual(['list', 'versions']);
  });

  it('skips the change this session made (it refreshed already)', () => {
    expect(invalidatedBy({ ...event, self: true })).toEqual([]);
  });
});
