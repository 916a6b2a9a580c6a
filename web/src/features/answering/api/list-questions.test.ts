import type { Question } from '@shared/schemas/question';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  type QuestionListData,
  questionListQueryKey,
  removeQuestionFromList,
  upsertQuestionInList,
} from './list-questions';

const question = (questionId: string, answer = ''): Question => ({
  questionId,
  projectId: 'p1',
  question: `Question ${questionId}`,
  answer,
  responseStatus: 'INCOMPLETE',
  responseClassification: 'INCOMPLETE',
  includeInLibrary: false,
  creationType: 'MANUAL',
  isLinked: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
});

function cached() {
  const queryClient = new QueryClient();
  const data: QuestionListData = {
    pages: [
      { items: [question('a'), question('b')], cursor: 'c1' },
      { items: [question('c')], cursor: null },
    ],
    pageParams: [null, 'c1'],
  };
  queryClient.setQueryData(questionListQueryKey('p1'), data);
  const ids = () =>
    queryClient
      .getQueryData<QuestionListData>(questionListQueryKey('p1'))
      ?.pages.map((page) => page.items.map((q) => `${q.questionId}${q.answer ? `:${q.answer}` : ''}`));
  return { queryClient, ids };
}

describe('question list cache helpers', () => {
  it('upsert replaces a question where it stands, or appends a new one to the last page', () => {
    const { queryClient, ids } = cached();
    upsertQuestionInList(queryClient, 'p1', question('b', 'saved'));
    expect(ids()).toEqual([['a', 'b:saved'], ['c']]);
    upsertQuestionInList(queryClient, 'p1', question('d'));
    expect(ids()).toEqual([
      ['a', 'b:saved'],
      ['c', 'd'],
    ]);
    queryClient.clear();
  });

  it('remove takes a question out of whichever page holds it; unknown ids change nothing', () => {
    const { queryClient, ids } = cached();
    removeQuestionFromList(queryClient, 'p1', 'c');
    expect(ids()).toEqual([['a', 'b'], []]);
    removeQuestionFromList(queryClient, 'p1', 'zzz');
    expect(ids()).toEqual([['a', 'b'], []]);
    queryClient.clear();
  });

  it('leaves a list that is not cached alone (no empty list is invented)', () => {
    const queryClient = new QueryClient();
    upsertQuestionInList(queryClient, 'p2', question('a'));
    removeQuestionFromList(queryClient, 'p2', 'a');
    expect(queryClient.getQueryData(questionListQueryKey('p2'))).toBeUndefined();
  });
});
