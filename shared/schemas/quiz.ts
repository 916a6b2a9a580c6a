/**
 * Quizzes (spec 002 §2.5, §3, §4, §5, §7.5, §9): the team's own questionnaires, kept as templates,
 * sent by e-mail to someone outside the team, answered by the recipient's team as a project, and
 * returned to the sender when that project is closed.
 */
import * as z from 'zod';
import { INVITATION_LIMIT_MESSAGE } from '../constants';
import { Id } from '../routes/route';
import { emailAddress } from './common';
import { CLASSIFICATIONS } from './question';
import { INVITE_STATUSES, type InviteStatus, QUIZ_ITEM_TYPES, type QuizItemType } from './values';

export { INVITE_STATUSES, type InviteStatus, QUIZ_ITEM_TYPES, type QuizItemType };

export const QUIZ_NAME_MAX = 200;
export const QUIZ_DESCRIPTION_MAX = 2000;
/** A quiz is one record: its items and their labels are bounded so it always fits. */
export const QUIZ_ITEMS_MAX = 250;
export const QUIZ_ITEM_LABEL_MAX = 1000;
export const QUIZ_EMAIL_MAX = 254;
/** Sections show as tabs when there is more than one section and more than this many items (spec 002 §9). */
export const QUIZ_TABS_AFTER_ITEMS = 15;
/** Accepting creates a project due this many days later (spec 002 §9). */
export const QUIZ_PROJECT_DUE_DAYS = 14;

export const QUIZ_MESSAGES = {
  nameRequired: 'Please give the quiz a name',
  removeItem: 'Are you sure you want to remove this?',
  questionRequired: 'Please enter the question, or remove it',
  sectionRequired: 'Please give the section a name, or remove it',
  emailInvalid: 'Please enter a valid email address',
  noQuestions: 'Please add at least one question before sending this quiz',
  fetchQuizError: 'There was a problem fetching that quiz',
  saveQuizError: 'There was a problem saving that quiz',
  inboxError: 'There was a problem fetching your inbox',
  sentError: 'There was a problem fetching your sent invitations',
  templatesError: 'There was a problem fetching your quiz templates',
  acceptError: 'There was a problem accepting that invitation',
  declineError: 'There was a problem declining that invitation',
  cancelError: 'There was a problem cancelling that invitation',
  sendError: 'There was a problem sending that invitation',
  answersError: 'There was a problem fetching the answers',
  exportError: 'There was a problem exporting the answers',
  notClaimable: 'Only the person this invitation was sent to can accept or decline it',
  notUnclaimed: 'This invitation has already been answered, declined or cancelled',
  notFound: 'That quiz does not exist',
  inviteNotFound: 'That invitation does not exist',
  notAnswered: 'The answers have not come back yet',
  /** The team's invitation e-mail budget is spent for now (a 429). */
  invitationLimit: INVITATION_LIMIT_MESSAGE,
} as const;

export const QuizItem = z.object({
  itemId: Id,
  itemLabel: z.string().trim().max(QUIZ_ITEM_LABEL_MAX),
  itemType: z.enum(QUIZ_ITEM_TYPES),
});
export type QuizItem = z.infer<typeof QuizItem>;

/** The ordered items of a quiz: section headings, each followed by its questions. */
export const QuizConfiguration = z
  .array(QuizItem)
  .max(QUIZ_ITEMS_MAX, `A quiz holds at most ${QUIZ_ITEMS_MAX} sections and questions`)
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      if (seen.has(item.itemId)) {
        ctx.addIssue({ code: 'custom', path: [i, 'itemId'], message: 'Each item needs its own id' });
      }
      seen.add(item.itemId);
      if (!item.itemLabel) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'itemLabel'],
          message:
            item.itemType === 'QUESTION' ? QUIZ_MESSAGES.questionRequired : QUIZ_MESSAGES.sectionRequired,
        });
      }
    });
  });

const quizFields = {
  quizName: z
    .string({ error: QUIZ_MESSAGES.nameRequired })
    .trim()
    .min(1, QUIZ_MESSAGES.nameRequired)
    .max(QUIZ_NAME_MAX, `A quiz name has at most ${QUIZ_NAME_MAX} characters`),
  quizDescription: z
    .string()
    .trim()
    .max(QUIZ_DESCRIPTION_MAX, `A description has at most ${QUIZ_DESCRIPTION_MAX} characters`)
    .default(''),
  quizConfiguration: QuizConfiguration,
};

export const CreateQuizRequest = z.strictObject(quizFields);
export type CreateQuizRequest = z.input<typeof CreateQuizRequest>;
/** Saves carry the version they were read at; a stale save is refused (409). */
export const SaveQuizRequest = z.strictObject({ ...quizFields, version: z.number().int().min(1) });
export type SaveQuizRequest = z.input<typeof SaveQuizRequest>;

export const Quiz = z.object({
  quizId: z.string(),
  quizName: z.string(),
  quizDescription: z.string(),
  quizConfiguration: z.array(QuizItem),
  createdByUserId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Quiz = z.infer<typeof Quiz>;

/** A row of Quiz Templates. */
export const QuizTemplate = z.object({
  quizId: z.string(),
  quizName: z.string(),
  quizDescription: z.string(),
  sectionCount: z.number().int(),
  questionCount: z.number().int(),
  createdByUserId: z.string(),
  createdByName: z.string(),
  updatedAt: z.string(),
});
export type QuizTemplate = z.infer<typeof QuizTemplate>;

/**
 * A row of the Inbox or Sent list. `claimable` is true only for the recipient while the invite is
 * UNCLAIMED; `projectId` only for the team that accepted it; the sender sees nothing of the
 * recipient's team.
 */
export const QuizInvite = z.object({
  quizInviteId: z.string(),
  quizId: z.string(),
  quizName: z.string(),
  quizDescription: z.string(),
  inviteStatus: z.enum(INVITE_STATUSES),
  claimable: z.boolean(),
  sentBy: z.object({ name: z.string(), teamName: z.string() }),
  emailAddress: z.string(),
  questionCount: z.number().int(),
  createdAt: z.string(),
  createdByUserId: z.string(),
  projectId: z.string().optional(),
  /** When the recipient acted (accepted, declined) or the sender cancelled. */
  respondedAt: z.string().optional(),
  /** When the answers came back (ANSWERED). */
  answeredAt: z.string().optional(),
});
export type QuizInvite = z.infer<typeof QuizInvite>;

export const SendInviteRequest = z.strictObject({
  emailAddress: emailAddress(QUIZ_EMAIL_MAX, QUIZ_MESSAGES.emailInvalid),
});
export type SendInviteRequest = z.input<typeof SendInviteRequest>;

export const InviteRef = z.object({ quizInviteId: z.string() });
export const AcceptedInvite = z.object({ quizInviteId: z.string(), projectId: z.string() });

/** The answered quiz as the sender sees it: each item as sent, with the answer and its compliance. */
export const QuizAnswerItem = z.object({
  itemId: z.string(),
  itemType: z.enum(QUIZ_ITEM_TYPES),
  itemLabel: z.string(),
  answer: z.string().optional(),
  responseClassification: z.enum(CLASSIFICATIONS).optional(),
});
export type QuizAnswerItem = z.infer<typeof QuizAnswerItem>;

export const QuizAnswers = z.object({
  invite: QuizInvite,
  items: z.array(QuizAnswerItem),
});
export type QuizAnswers = z.infer<typeof QuizAnswers>;
