/**
 * Quiz Central (spec 002 §2.5, §4, §5, §7.5, §9): templates, invitations, accepting one as a
 * project, and the answers coming back to the sender. What follows a change (the invitation
 * e-mail, live updates, notifications, copying answers back on close) runs from the stream
 * (reactions.ts).
 *
 * Who sees what: the sending team sees its templates, its Sent list and, once answered, the
 * answers; the recipient's team sees what was sent to its members' addresses (the Team Inbox).
 * Only the address's owner may accept or decline. An invite neither side can see answers 404.
 */
import { randomUUID } from 'node:crypto';
import type * as z from 'zod';
import { complianceText } from '../../shared/compliance';
import { ANSWER_MAX } from '../../shared/schemas/question';
import {
  type CreateQuizRequest,
  QUIZ_MESSAGES,
  QUIZ_PROJECT_DUE_DAYS,
  type Quiz,
  type QuizAnswers,
  type QuizInvite,
  type QuizItem,
  type QuizTemplate,
  type SaveQuizRequest,
  type SendInviteRequest,
} from '../../shared/schemas/quiz';
import type { TeamCaller } from '../common/caller';
import { isoDayAfter } from '../common/days';
import { newQuestionId } from '../common/entities';
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableError } from '../common/errors';
import { tableXlsx } from '../common/formats/data-export';
import { answersFlowToLibrary } from '../common/library-flow';
import { refusalMessage, stoppedAddress } from '../common/mail-health';
import { limitInvitationMail } from '../common/rate-limit';
import { sessionMark } from '../common/session-mark';
import { presignDownload, writeObjectBytes } from '../common/storage';
import { fullName, teamsById, usersById } from '../common/team-directory';
import * as repo from './repo';

const questionsOf = (items: readonly Pick<QuizItem, 'itemType'>[]) =>
  items.filter((i) => i.itemType === 'QUESTION').length;

// ——— Templates ———

const toQuiz = (q: repo.QuizRecord): Quiz => ({
  quizId: q.quizId,
  quizName: q.quizName,
  quizDescription: q.quizDescription ?? '',
  quizConfiguration: q.quizConfiguration,
  createdByUserId: q.createdByUserId,
  createdAt: q.createdAt,
  updatedAt: q.updatedAt,
  version: q.version,
});

async function quizOf(caller: TeamCaller, quizId: string) {
  const quiz = await repo.getQuiz(caller.user.teamId, quizId);
  if (!quiz) throw new NotFoundError(QUIZ_MESSAGES.notFound);
  return quiz;
}

export async function listTemplates(caller: TeamCaller): Promise<QuizTemplate[]> {
  const quizzes = await repo.quizzesOf(caller.user.teamId);
  const users = await usersById(quizzes.map((q) => q.createdByUserId));
  return quizzes
    .map((q) => ({
      quizId: q.quizId,
      quizName: q.quizName,
      quizDescription: q.quizDescription ?? '',
      sectionCount: q.quizConfiguration.length - questionsOf(q.quizConfiguration),
      questionCount: questionsOf(q.quizConfiguration),
      createdByUserId: q.createdByUserId,
      createdByName: fullName(users.get(q.createdByUserId)) || 'Former member',
      updatedAt: q.updatedAt,
    }))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

export const getQuiz = async (caller: TeamCaller, quizId: string) => toQuiz(await quizOf(caller, quizId));

export async function createQuiz(
  caller: TeamCaller,
  body: z.output<typeof CreateQuizRequest>,
): Promise<Quiz> {
  const created = await repo.createQuiz({
    teamId: caller.user.teamId,
    quizId: randomUUID(),
    quizName: body.quizName,
    quizDescription: body.quizDescription,
    quizConfiguration: body.quizConfiguration,
    createdByUserId: caller.user.userId,
  });
  return toQuiz(created as repo.QuizRecord);
}

export async function saveQuiz(
  caller: TeamCaller,
  quizId: string,
  body: z.output<typeof SaveQuizRequest>,
): Promise<Quiz> {
  const current = await quizOf(caller, quizId);
  if (current.version !== body.version) throw new ConflictError();
  const saved = await repo.saveQuiz(caller.user.teamId, quizId, body.version, {
    quizName: body.quizName,
    quizDescription: body.quizDescription,
    quizConfiguration: body.quizConfiguration,
    updatedByUserId: caller.user.userId,
  });
  return toQuiz(saved);
}

// ——— Invitations ———

const callerEmail = (caller: TeamCaller) => caller.user.emailAddress.toLowerCase();

/** An invite as one side sees it: only the addressee may act, only the accepting team sees its project. */
function toInvite(invite: repo.InviteRecord, caller: TeamCaller): QuizInvite {
  const mine = invite.emailAddress === callerEmail(caller);
  const acceptedHere = invite.recipientTeamId === caller.user.teamId;
  return {
    quizInviteId: invite.quizInviteId,
    quizId: invite.quizId,
    quizName: invite.quizName,
    quizDescription: invite.quizDescription ?? '',
    inviteStatus: invite.inviteStatus,
    claimable: invite.inviteStatus === 'UNCLAIMED' && mine,
    sentBy: { name: invite.senderName, teamName: invite.senderTeamName },
    emailAddress: invite.emailAddress,
    questionCount: invite.questionCount,
    createdAt: invite.createdAt,
    createdByUserId: invite.createdByUserId,
    ...(acceptedHere && invite.projectId ? { projectId: invite.projectId } : {}),
    ...(invite.respondedAt ? { respondedAt: invite.respondedAt } : {}),
    ...(invite.answeredAt ? { answeredAt: invite.answeredAt } : {}),
  };
}

export async function sendInvite(
  caller: TeamCaller,
  quizId: string,
  body: z.output<typeof SendInviteRequest>,
): Promise<{ quizInviteId: string }> {
  const quiz = await quizOf(caller, quizId);
  const questionCount = questionsOf(quiz.quizConfiguration);
  if (!questionCount) throw new UnprocessableError(QUIZ_MESSAGES.noQuestions);
  // No invitation to an address our e-mail does not reach: the sender hears why now.
  const stopped = await stoppedAddress(body.emailAddress);
  if (stopped) throw new UnprocessableError(refusalMessage(stopped));
  await limitInvitationMail(caller.user.teamId);
  const team = (await teamsById([caller.user.teamId])).get(caller.user.teamId);
  const quizInviteId = randomUUID();
  await repo.createInvite(
    {
      quizInviteId,
      quizId,
      quizName: quiz.quizName,
      quizDescription: quiz.quizDescription ?? '',
      emailAddress: body.emailAddress,
      senderTeamId: caller.user.teamId,
      senderTeamName: team?.name ?? '',
      senderName: fullName(caller.user),
      createdByUserId: caller.user.userId,
      questionCount,
    },
    quiz.quizConfiguration,
  );
  return { quizInviteId };
}

export async function listInbox(caller: TeamCaller): Promise<QuizInvite[]> {
  const emails = await repo.memberEmails(caller.user.teamId);
  if (!emails.includes(callerEmail(caller))) emails.push(callerEmail(caller));
  const invites = (await Promise.all(emails.map((email) => repo.sentTo(email)))).flat();
  return invites
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((invite) => toInvite(invite, caller));
}

export async function listSent(caller: TeamCaller): Promise<QuizInvite[]> {
  return (await repo.sentBy(caller.user.teamId)).map((invite) => toInvite(invite, caller));
}

/**
 * The invite for someone who wants to act on it as its recipient: 404 when the caller's team can
 * see nothing of it, 403 when it can (the sender's team, a colleague of the addressee) but the
 * caller is not the addressee.
 */
async function inviteForRecipient(caller: TeamCaller, quizInviteId: string) {
  const invite = await repo.getInvite(quizInviteId);
  if (!invite) throw new NotFoundError(QUIZ_MESSAGES.inviteNotFound);
  if (invite.emailAddress === callerEmail(caller)) return invite;
  const seenHere =
    invite.senderTeamId === caller.user.teamId ||
    invite.recipientTeamId === caller.user.teamId ||
    (await repo.memberEmails(caller.user.teamId)).includes(invite.emailAddress);
  if (!seenHere) throw new NotFoundError(QUIZ_MESSAGES.inviteNotFound);
  throw new ForbiddenError(QUIZ_MESSAGES.notClaimable);
}

/** The invite for its sending team; 404 for anyone else. */
async function inviteForSender(caller: TeamCaller, quizInviteId: string) {
  const invite = await repo.getInvite(quizInviteId);
  if (!invite || invite.senderTeamId !== caller.user.teamId) {
    throw new NotFoundError(QUIZ_MESSAGES.inviteNotFound);
  }
  return invite;
}

const requireUnclaimed = (invite: repo.InviteRecord) => {
  if (invite.inviteStatus !== 'UNCLAIMED') throw new ConflictError(QUIZ_MESSAGES.notUnclaimed);
};

/**
 * The questions of the accepted quiz: one per quiz question, in order, each with its section and
 * a reference number (section.question); ids sort in the quiz's order.
 */
export function questionsFromQuiz(
  items: ReadonlyArray<Pick<QuizItem, 'itemId' | 'itemLabel' | 'itemType'>>,
  at: number,
): Array<{
  sourceKey: string;
  question: string;
  sectionDescription?: string;
  referenceNumber: string;
  questionId: string;
}> {
  const questions = [];
  let section: string | undefined;
  let sectionNumber = 0;
  let questionNumber = 0;
  for (const [position, item] of items.entries()) {
    if (item.itemType === 'SECTION') {
      section = item.itemLabel;
      sectionNumber++;
      questionNumber = 0;
      continue;
    }
    questionNumber++;
    questions.push({
      questionId: newQuestionId(at, position),
      sourceKey: item.itemId,
      question: item.itemLabel,
      ...(section ? { sectionDescription: section } : {}),
      referenceNumber: sectionNumber ? `${sectionNumber}.${questionNumber}` : `${questionNumber}`,
    });
  }
  return questions;
}

export async function acceptInvite(
  caller: TeamCaller,
  quizInviteId: string,
  sessionId: string | null,
): Promise<{ quizInviteId: string; projectId: string }> {
  const invite = await inviteForRecipient(caller, quizInviteId);
  requireUnclaimed(invite);
  const items = await repo.inviteItems(quizInviteId);
  const now = Date.now();
  const { teamId, userId } = caller.user;
  const project = {
    teamId,
    projectId: randomUUID(),
    name: invite.quizName,
    dueOn: isoDayAfter(QUIZ_PROJECT_DUE_DAYS, now),
    createdByUserId: userId,
    changedBySession: sessionMark(sessionId),
  };
  await repo.acceptInvite(
    quizInviteId,
    { userId, teamId, at: new Date(now).toISOString(), session: sessionMark(sessionId) },
    project,
  );
  const includeInLibrary = await answersFlowToLibrary({ teamId, accessVisibility: 'TEAM' });
  await repo.createQuestions(
    questionsFromQuiz(items, now).map((q) => ({
      ...q,
      teamId,
      projectId: project.projectId,
      answer: '',
      responseStatus: 'INCOMPLETE',
      responseClassification: 'INCOMPLETE',
      includeInLibrary,
      creationType: 'MANUAL',
      isLinked: true,
      createdByUserId: userId,
      updatedByUserId: userId,
      changedBySession: sessionMark(sessionId),
      version: 1,
    })),
  );
  return { quizInviteId, projectId: project.projectId };
}

export async function declineInvite(caller: TeamCaller, quizInviteId: string, sessionId: string | null) {
  const invite = await inviteForRecipient(caller, quizInviteId);
  requireUnclaimed(invite);
  const settled = await repo.settleInvite(quizInviteId, {
    inviteStatus: 'DECLINED',
    recipientUserId: caller.user.userId,
    recipientTeamId: caller.user.teamId,
    respondedAt: new Date().toISOString(),
    changedBySession: sessionMark(sessionId),
  });
  if (!settled) throw new ConflictError(QUIZ_MESSAGES.notUnclaimed);
  return { quizInviteId };
}

export async function cancelInvite(caller: TeamCaller, quizInviteId: string, sessionId: string | null) {
  const invite = await inviteForSender(caller, quizInviteId);
  requireUnclaimed(invite);
  const settled = await repo.settleInvite(quizInviteId, {
    inviteStatus: 'CANCELLED',
    respondedAt: new Date().toISOString(),
    changedBySession: sessionMark(sessionId),
  });
  if (!settled) throw new ConflictError(QUIZ_MESSAGES.notUnclaimed);
  return { quizInviteId };
}

// ——— Answers ———

export async function getAnswers(caller: TeamCaller, quizInviteId: string): Promise<QuizAnswers> {
  const invite = await inviteForSender(caller, quizInviteId);
  const answered = invite.inviteStatus === 'ANSWERED';
  const items = await repo.inviteItems(quizInviteId);
  return {
    invite: toInvite(invite, caller),
    items: items.map((i) => ({
      itemId: i.itemId,
      itemType: i.itemType,
      itemLabel: i.itemLabel,
      ...(answered && i.itemType === 'QUESTION'
        ? { answer: i.answer ?? '', responseClassification: i.responseClassification ?? 'INCOMPLETE' }
        : {}),
    })),
  };
}

export const QUIZ_EXPORT_COLUMNS = [
  { header: 'Reference Number', width: 14 },
  { header: 'Section', width: 24 },
  { header: 'Question', width: 60 },
  { header: 'Compliance', width: 22 },
  { header: 'Answer', width: 70 },
] as const;

export async function exportAnswers(caller: TeamCaller, quizInviteId: string) {
  const { invite, items } = await getAnswers(caller, quizInviteId);
  if (invite.inviteStatus !== 'ANSWERED') throw new ConflictError(QUIZ_MESSAGES.notAnswered);
  const answers = new Map(items.map((i) => [i.itemId, i]));
  const rows = questionsFromQuiz(items, 0).map((q) => {
    const item = answers.get(q.sourceKey);
    return [
      q.referenceNumber,
      q.sectionDescription ?? '',
      q.question,
      complianceText(item?.responseClassification ?? 'INCOMPLETE'),
      (item?.answer ?? '').slice(0, ANSWER_MAX),
    ];
  });
  const bytes = await tableXlsx('Answers', QUIZ_EXPORT_COLUMNS, rows);
  const fileName = `${invite.quizName.replace(/[\\/:*?"<>|\r\n]+/g, ' ').trim() || 'Quiz'} - answers.xlsx`;
  const key = `exports/${caller.user.teamId}/${randomUUID()}/${fileName}`;
  await writeObjectBytes(key, bytes, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  return { url: await presignDownload(key, undefined, { fileName }), fileName };
}
