import type { LiveEvent } from '@shared/events';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createLiveEventDispatch } from '@/lib/live-events';
import { quizQueryOptions } from './api/get-quiz';
import { quizAnswersQueryOptions } from './api/get-quiz-answers';
import { quizInboxQueryOptions } from './api/list-quiz-inbox';
import { quizSentQueryOptions } from './api/list-quiz-sent';
import { quizTemplatesQueryOptions } from './api/list-quiz-templates';
import { quizLiveEvents } from './live-events';

function invalidatedBy(event: LiveEvent): string[] {
  const queryClient = new QueryClient();
  const keys = {
    inbox: quizInboxQueryOptions().queryKey,
    sent: quizSentQueryOptions().queryKey,
    templates: quizTemplatesQueryOptions().queryKey,
    quiz: quizQueryOptions('q1').queryKey,
    answers: quizAnswersQueryOptions('i1').queryKey,
    documents: ['documents', 'all'],
  };
  for (const key of Object.values(keys)) queryClient.setQueryData(key, { seeded: true });
  createLiveEventDispatch([quizLiveEvents])(event, { queryClient, toast: vi.fn(), navigate: vi.fn() });
  const names = Object.entries(keys)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);
  queryClient.clear();
  return names;
}

describe('quiz live events', () => {
  const event: LiveEvent = {
    eventName: 'QUIZ_INVITE_UPDATED',
    data: { quizInviteId: 'i1', inviteStatus: 'ACCEPTED' },
    scope: { kind: 'team', id: 't1' },
  };

  it('QUIZ_INVITE_UPDATED by someone else refreshes the inbox and the sent list, nothing else', () => {
    expect(invalidatedBy(event)).toEqual(['inbox', 'sent']);
  });

  it('skips the change this session made (its mutation refreshed the lists)', () => {
    expect(invalidatedBy({ ...event, self: true })).toEqual([]);
  });
});
