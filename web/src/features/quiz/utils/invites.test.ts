import { INVITATION_LIMIT_MESSAGE } from '@shared/constants';
import { INVITE_STATUSES, QUIZ_MESSAGES, type QuizInvite } from '@shared/schemas/quiz';
import { describe, expect, it } from 'vitest';
import {
  inviteActions,
  inviteEvent,
  inviteStatusLook,
  isStaleSave,
  isValidInviteEmail,
  plural,
  quizErrorMessage,
  shortDate,
  tabFromSearch,
} from './invites';

const invite = (over: Partial<QuizInvite> = {}): QuizInvite => ({
  quizInviteId: 'i1',
  quizId: 'q1',
  quizName: 'Vendor security review',
  quizDescription: '',
  inviteStatus: 'UNCLAIMED',
  claimable: false,
  sentBy: { name: 'Ada Lovelace', teamName: 'Acme' },
  emailAddress: 'vendor@example.com',
  questionCount: 12,
  createdAt: '2026-03-01T10:00:00.000Z',
  createdByUserId: 'u1',
  ...over,
});

const member = { READ_ANSWER: true, ANSWER_QUESTION: true, CREATE_QUESTION: true };
const viewer = { READ_ANSWER: true };

describe('the tab in the URL', () => {
  it('reads inbox, sent or templates, and falls back to the inbox', () => {
    expect(tabFromSearch('sent')).toBe('sent');
    expect(tabFromSearch('Templates')).toBe('templates');
    expect(tabFromSearch(null)).toBe('inbox');
    expect(tabFromSearch('nonsense')).toBe('inbox');
  });
});

describe('row actions by status (spec 002 §4)', () => {
  it('the recipient accepts or declines an unclaimed invitation; a teammate who is not the recipient cannot', () => {
    expect(inviteActions(invite({ claimable: true }), 'inbox', member)).toEqual(['accept', 'decline']);
    expect(inviteActions(invite({ claimable: false }), 'inbox', member)).toEqual([]);
  });

  it('an accepted or answered invitation opens its project in the inbox', () => {
    expect(inviteActions(invite({ inviteStatus: 'ACCEPTED', projectId: 'p1' }), 'inbox')).toEqual([
      'open-project',
    ]);
    expect(inviteActions(invite({ inviteStatus: 'ANSWERED', projectId: 'p1' }), 'inbox')).toEqual([
      'open-project',
    ]);
    expect(inviteActions(invite({ inviteStatus: 'ACCEPTED' }), 'inbox')).toEqual([]);
  });

  it('the sender cancels an unclaimed invitation, and reads or exports answered ones', () => {
    expect(inviteActions(invite(), 'sent', member)).toEqual(['cancel']);
    expect(inviteActions(invite({ inviteStatus: 'ANSWERED' }), 'sent', member)).toEqual([
      'view-answers',
      'export',
    ]);
  });

  it('hides what the caller may not do', () => {
    expect(inviteActions(invite(), 'sent', viewer)).toEqual([]);
    expect(inviteActions(invite({ inviteStatus: 'ANSWERED' }), 'sent', viewer)).toEqual([
      'view-answers',
      'export',
    ]);
    expect(inviteActions(invite({ inviteStatus: 'ANSWERED' }), 'sent', {})).toEqual([]);
  });

  it('other statuses offer nothing', () => {
    for (const status of ['DECLINED', 'CANCELLED'] as const) {
      expect(inviteActions(invite({ inviteStatus: status, claimable: true }), 'inbox', member)).toEqual([]);
      expect(inviteActions(invite({ inviteStatus: status }), 'sent', member)).toEqual([]);
    }
    expect(inviteActions(invite({ inviteStatus: 'ACCEPTED', projectId: 'p1' }), 'sent', member)).toEqual([]);
  });
});

describe('status badges', () => {
  it('has a label and colour for every status on both sides', () => {
    for (const status of INVITE_STATUSES) {
      for (const box of ['inbox', 'sent'] as const) {
        const look = inviteStatusLook(status, box);
        expect(look.label).not.toBe('');
        expect(look.color).not.toBe('');
      }
    }
    expect(inviteStatusLook('UNCLAIMED', 'inbox').label).toBe('New');
    expect(inviteStatusLook('UNCLAIMED', 'sent').label).toBe('Awaiting reply');
  });

  it('names the moment the invitation was acted on', () => {
    expect(inviteEvent(invite())).toBeNull();
    expect(inviteEvent(invite({ inviteStatus: 'DECLINED', respondedAt: 'x' }))).toEqual({
      label: 'Declined',
      at: 'x',
    });
    expect(inviteEvent(invite({ inviteStatus: 'ANSWERED', respondedAt: 'x', answeredAt: 'y' }))).toEqual({
      label: 'Answered',
      at: 'y',
    });
  });
});

describe('the invite e-mail (spec 002 §5)', () => {
  it('takes a real address', () => {
    expect(isValidInviteEmail('vendor@example.com')).toBe(true);
    expect(isValidInviteEmail('  Vendor@Example.com ')).toBe(true);
  });

  it('refuses blank, short, and addresses without @ or a dot', () => {
    for (const bad of ['', '   ', 'a@b.c', 'vendor.example.com', 'vendor@example', 'not an email@x.com']) {
      expect(isValidInviteEmail(bad)).toBe(false);
    }
  });
});

describe('error wording', () => {
  it("shows the server's quiz message for a 4xx, else the subject's", () => {
    const refused = { status: 409, message: QUIZ_MESSAGES.notUnclaimed };
    expect(quizErrorMessage(refused, QUIZ_MESSAGES.acceptError)).toBe(QUIZ_MESSAGES.notUnclaimed);
    expect(
      quizErrorMessage({ status: 500, message: QUIZ_MESSAGES.notUnclaimed }, QUIZ_MESSAGES.acceptError),
    ).toBe(QUIZ_MESSAGES.acceptError);
    expect(quizErrorMessage({ status: 400, message: 'Internal detail' }, QUIZ_MESSAGES.sendError)).toBe(
      QUIZ_MESSAGES.sendError,
    );
    expect(quizErrorMessage(new Error('x'), QUIZ_MESSAGES.sendError)).toBe(QUIZ_MESSAGES.sendError);
  });

  it("shows the server's 429 when the team's invitation e-mail budget is spent", () => {
    // Prepare
    const refused = { status: 429, message: INVITATION_LIMIT_MESSAGE };
    // Act
    const shown = quizErrorMessage(refused, QUIZ_MESSAGES.sendError);
    // Assess
    expect(shown).toBe(INVITATION_LIMIT_MESSAGE);
  });

  it('knows a stale save', () => {
    expect(isStaleSave({ status: 409 })).toBe(true);
    expect(isStaleSave({ status: 400 })).toBe(false);
    expect(isStaleSave(undefined)).toBe(false);
  });

  it('counts in words', () => {
    expect(plural(1, 'question')).toBe('1 question');
    expect(plural(3, 'section')).toBe('3 sections');
  });
});

describe('dates', () => {
  it('reads as a short day month year', () => {
    expect(shortDate('2026-03-12T12:00:00.000Z')).toBe('12 Mar 2026');
    expect(shortDate('garbage')).toBe('');
    expect(shortDate(undefined)).toBe('');
  });
});
