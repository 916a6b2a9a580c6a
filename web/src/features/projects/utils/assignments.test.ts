import type { QuestionAssignment } from '@shared/schemas/project';
import { describe, expect, it } from 'vitest';
import {
  ALL_UNASSIGNED_TEXT,
  ASSIGNMENT_STATUS_LABELS,
  assignmentTable,
  NO_QUESTIONS_TEXT,
} from './assignments';

const row = (userId: string | null, assigned: number, completed = 0): QuestionAssignment => ({
  userId,
  assignedQuestionsCount: assigned,
  completedQuestionsCount: completed,
  status: completed === 0 ? 'NOT-STARTED' : completed === assigned ? 'COMPLETE' : 'IN-PROGRESS',
  lastUpdate: null,
});
const names: Record<string, string> = { a: 'Zoe Zed', b: 'Amy Able' };
const nameOf = (id: string) => names[id] ?? id;

describe('assignmentTable', () => {
  it('says there are no questions when the project has none', () => {
    expect(assignmentTable([], 0, nameOf)).toMatchObject({ rows: [], emptyText: NO_QUESTIONS_TEXT });
    expect(assignmentTable([row(null, 0)], 0, nameOf).emptyText).toBe(NO_QUESTIONS_TEXT);
  });

  it('says all are unassigned when only the unassigned row has questions, and keeps it for its link', () => {
    const table = assignmentTable([row(null, 4), row('a', 0)], 4, nameOf);
    expect(table.emptyText).toBe(ALL_UNASSIGNED_TEXT);
    expect(table.unassigned?.assignedQuestionsCount).toBe(4);
  });

  it('lists people by name, the unassigned questions last', () => {
    const table = assignmentTable([row(null, 2), row('a', 3, 3), row('b', 2, 1)], 7, nameOf);
    expect(table.emptyText).toBeNull();
    expect(table.rows.map((r) => r.userId)).toEqual(['b', 'a', null]);
  });

  it('shows a person who has not started as No Progress', () => {
    expect(ASSIGNMENT_STATUS_LABELS['NOT-STARTED']).toBe('No Progress');
    expect(ASSIGNMENT_STATUS_LABELS['IN-PROGRESS']).toBe('In Progress');
    expect(ASSIGNMENT_STATUS_LABELS.COMPLETE).toBe('Complete');
  });
});
