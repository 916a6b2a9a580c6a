/**
 * publish() sends a live event through the zod-free catalogue (shared/event-fields.ts): it must
 * hold the same events and data fields as the schemas the browser parses with (shared/events.ts),
 * and keep nothing a publisher hands over beyond them.
 */
import { describe, expect, it } from 'vitest';
import { catalogued, EVENT_DATA_FIELDS } from '../../shared/event-fields';
import { EVENT_NAMES, LiveEvent } from '../../shared/events';

describe('the live-event catalogue without zod', () => {
  it("lists every event of the browser's catalogue with exactly its schema's data fields", () => {
    // Prepare
    const schemaFields = Object.fromEntries(
      LiveEvent.options.map((option) => [
        option.shape.eventName.value,
        Object.keys(option.shape.data.shape).sort(),
      ]),
    );

    // Act
    const listed = Object.fromEntries(
      Object.entries(EVENT_DATA_FIELDS).map(([name, fields]) => [name, [...fields].sort()]),
    );

    // Assess
    expect(Object.keys(listed).sort()).toEqual([...EVENT_NAMES].sort());
    expect(listed).toEqual(schemaFields);
  });

  it('keeps only the event’s own data fields and scope, which the browser’s schema accepts', () => {
    // Prepare: a publisher that spread a whole question (its answer included) into the data.
    const event = {
      eventName: 'QUESTION_UPDATED' as const,
      data: {
        projectId: 'p1',
        questionId: 'q1',
        version: 3,
        answer: 'We encrypt every backup with AES-256.',
        assignedToUserId: 'u9',
      },
      scope: { kind: 'project' as const, id: 'p1', teamId: 't1' },
    };

    // Act
    const sent = catalogued(event);

    // Assess
    expect(sent).toEqual({
      eventName: 'QUESTION_UPDATED',
      data: { projectId: 'p1', questionId: 'q1', version: 3 },
      scope: { kind: 'project', id: 'p1' },
    });
    expect(LiveEvent.parse(sent)).toEqual(sent);
  });

  it('refuses an event outside the catalogue and a scope that is not one', () => {
    const data = { membershipId: 'm1' };
    expect(() =>
      catalogued({ eventName: 'TEAM_DELETED', data, scope: { kind: 'team', id: 't1' } } as never),
    ).toThrow(/not a live event/);
    for (const scope of [
      { kind: 'org', id: 't1' },
      { kind: 'team', id: '' },
      { kind: 'team', id: 'x'.repeat(129) },
    ]) {
      expect(() => catalogued({ eventName: 'TEAM_MEMBER_UPDATED', data, scope } as never)).toThrow(
        /not a valid scope/,
      );
    }
  });
});
