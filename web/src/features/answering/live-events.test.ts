import type { LiveEvent } from '@shared/events';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createLiveEventDispatch } from '@/lib/live-events';
import { answeringLiveEvents, projectIdOfLink } from './live-events';

const keys = {
  list: ['answering', 'p1', 'questions'],
  project: ['answering', 'p1', 'project'],
  team: ['answering', 'p1', 'team'],
  question: ['answering', 'p1', 'question', 'q1'],
  comments: ['answering', 'p1', 'question', 'q1', 'comments'],
  activity: ['answering', 'p1', 'question', 'q1', 'activity'],
  otherQuestion: ['answering', 'p1', 'question', 'q2'],
  otherComments: ['answering', 'p1', 'question', 'q2', 'comments'],
  otherList: ['answering', 'p2', 'questions'],
  otherProject: ['answering', 'p2', 'project'],
  dashboard: ['projects', 'detail', 'p1'],
  attachments: ['answering', 'p1', 'attachments', 'q1'],
  otherAttachments: ['answering', 'p1', 'attachments', 'q2'],
  otherProjectAttachments: ['answering', 'p2', 'attachments', 'q9'],
  documentLibrary: ['answering', 'document-library'],
};

/** The names of the seeded queries the event marked stale. */
function invalidatedBy(event: LiveEvent): string[] {
  const queryClient = new QueryClient();
  for (const key of Object.values(keys)) queryClient.setQueryData(key, { seeded: true });
  createLiveEventDispatch([answeringLiveEvents])(event, { queryClient, toast: vi.fn(), navigate: vi.fn() });
  const names = Object.entries(keys)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);
  queryClient.clear();
  return names;
}

const scope = { kind: 'project', id: 'p1' } as const;
const question = { projectId: 'p1', questionId: 'q1' };

describe('answering live events', () => {
  it("QUESTION_UPDATED refreshes the list and that question (with its parts), not another's", () => {
    const event: LiveEvent = { eventName: 'QUESTION_UPDATED', data: { ...question, version: 3 }, scope };
    expect(invalidatedBy(event)).toEqual(['list', 'question', 'comments', 'activity']);
  });

  it('COMMENT_CREATED refreshes only that question’s comments; ACTIVITY_CREATED only its activity', () => {
    expect(
      invalidatedBy({ eventName: 'COMMENT_CREATED', data: { ...question, commentId: 'c1' }, scope }),
    ).toEqual(['comments']);
    expect(
      invalidatedBy({ eventName: 'ACTIVITY_CREATED', data: { ...question, activityId: 'a1' }, scope }),
    ).toEqual(['activity']);
  });

  it('events this session caused are skipped (it already shows them)', () => {
    expect(
      invalidatedBy({ eventName: 'QUESTION_UPDATED', data: { ...question, version: 3 }, scope, self: true }),
    ).toEqual([]);
    expect(
      invalidatedBy({
        eventName: 'COMMENT_CREATED',
        data: { ...question, commentId: 'c1' },
        scope,
        self: true,
      }),
    ).toEqual([]);
    expect(
      invalidatedBy({
        eventName: 'ACTIVITY_CREATED',
        data: { ...question, activityId: 'a1' },
        scope,
        self: true,
      }),
    ).toEqual([]);
  });

  it('NOTIFICATION_CREATED refreshes the list of the project it links into (mention markers)', () => {
    const notification = (linkReferencePath: string): LiveEvent => ({
      eventName: 'NOTIFICATION_CREATED',
      data: { notificationId: 'n1', causedByUserId: 'u2', title: 'Mentioned', linkReferencePath },
      scope: { kind: 'user', id: 'u1' },
    });
    expect(invalidatedBy(notification('/Projects/p1/q1'))).toEqual(['list']);
    expect(invalidatedBy(notification('/Projects/p2/q9'))).toEqual(['otherList']);
    expect(invalidatedBy(notification('/Team'))).toEqual([]);
  });

  it('PROJECT_UPDATED refreshes the project header and the list of that project only', () => {
    expect(invalidatedBy({ eventName: 'PROJECT_UPDATED', data: { projectId: 'p1' }, scope })).toEqual([
      'list',
      'project',
    ]);
  });

  it("ATTACHMENTS_UPDATED refreshes that project's attachments and the library picker", () => {
    const event: LiveEvent = {
      eventName: 'ATTACHMENTS_UPDATED',
      data: { projectId: 'p1', questionId: 'q1', documentId: 'd1' },
      scope,
    };
    expect(invalidatedBy(event)).toEqual(['attachments', 'otherAttachments', 'documentLibrary']);
    expect(invalidatedBy({ ...event, self: true })).toEqual([]);
  });

  it('DOCUMENTS_UPDATED refreshes the library picker and every attachment list', () => {
    expect(
      invalidatedBy({
        eventName: 'DOCUMENTS_UPDATED',
        data: { documentId: 'd1' },
        scope: { kind: 'team', id: 't1' },
      }),
    ).toEqual(['attachments', 'otherAttachments', 'otherProjectAttachments', 'documentLibrary']);
  });

  it('reads the project out of a notification link', () => {
    expect(projectIdOfLink('/Projects/p%201/q1')).toBe('p 1');
    expect(projectIdOfLink('/Projects/p1')).toBe('p1');
    expect(projectIdOfLink('/Profile')).toBeNull();
    expect(projectIdOfLink('/Projects/%E0%A4%A/q')).toBeNull();
  });
});
