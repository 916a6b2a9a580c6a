import type { QuizAnswerItem } from '@shared/schemas/quiz';
import { describe, expect, it } from 'vitest';
import { groupAnswers } from './answers';
import { classificationCounts } from './classification';

const S = (itemId: string): QuizAnswerItem => ({ itemId, itemLabel: itemId, itemType: 'SECTION' });
const Q = (itemId: string, over: Partial<QuizAnswerItem> = {}): QuizAnswerItem => ({
  itemId,
  itemLabel: itemId,
  itemType: 'QUESTION',
  ...over,
});

describe('the answers as sent', () => {
  it('groups questions under their headings; questions before any section stand alone', () => {
    const groups = groupAnswers([Q('q0'), S('a'), Q('a1'), Q('a2'), S('b')]);
    expect(groups.map((g) => [g.title, g.questions.map((q) => q.itemId)])).toEqual([
      [null, ['q0']],
      ['a', ['a1', 'a2']],
      ['b', []],
    ]);
  });

  it('counts the classifications in a fixed order, a missing one as Not Specified', () => {
    const counts = classificationCounts([
      S('a'),
      Q('1', { responseClassification: 'NON-COMPLIANT' }),
      Q('2', { responseClassification: 'COMPLIANT' }),
      Q('3', { responseClassification: 'COMPLIANT' }),
      Q('4'),
    ]);
    expect([...counts]).toEqual([
      ['COMPLIANT', 2],
      ['NON-COMPLIANT', 1],
      ['INCOMPLETE', 1],
    ]);
  });
});
