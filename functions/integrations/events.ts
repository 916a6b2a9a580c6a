/**
 * Which webhook events a change of the table is: read from the change's images (and, for a line a
 * person reads, the names of whoever it concerns). One function per entity the events come from;
 * functions/integrations/reactions.ts turns each occurrence into deliveries.
 */
import type { WebhookEventType } from '../../shared/webhook-events';
import { excerpt } from '../common/email';
import type { Change } from '../common/reactions';
import { fullName, usersById } from '../common/team-directory';

/** An event of a team that happened, before it is addressed to endpoints. */
export interface Occurrence {
  teamId: string;
  type: WebhookEventType;
  /** The project it happened in: a PRIVATE project's events go only to that project's own endpoints. */
  projectId?: string;
  summary: string;
  /** Where to see it in the product (a path of the SPA). */
  path: string;
  data: Record<string, unknown>;
}

type Image = Record<string, unknown>;
const text = (image: Image | undefined, name: string) =>
  typeof image?.[name] === 'string' ? (image[name] as string) : undefined;
const num = (image: Image | undefined, name: string) =>
  typeof image?.[name] === 'number' ? (image[name] as number) : 0;
const becameValue = (change: Change, name: string, value: string) =>
  text(change.newImage, name) === value && text(change.oldImage, name) !== value;

const projectPath = (projectId: string) => `/Projects/${encodeURIComponent(projectId)}`;
const questionPath = (projectId: string, questionId: string) =>
  `${projectPath(projectId)}/${encodeURIComponent(questionId)}`;

async function nameOf(userId: string | undefined) {
  if (!userId) return 'Someone';
  return fullName((await usersById([userId])).get(userId)) || 'Someone';
}

function project(change: Change): Occurrence[] {
  const p = change.newImage;
  const teamId = text(p, 'teamId');
  const projectId = text(p, 'projectId');
  if (!p || !teamId || !projectId) return [];
  const name = text(p, 'name') ?? '';
  const data = { projectId, name, dueOn: text(p, 'dueOn') ?? null };
  if (change.kind === 'INSERT')
    return [
      {
        teamId,
        projectId,
        type: 'project.created',
        summary: `New project ${name}`,
        path: projectPath(projectId),
        data,
      },
    ];
  if (change.kind === 'MODIFY' && becameValue(change, 'projectStatus', 'COMPLETE'))
    return [
      {
        teamId,
        projectId,
        type: 'project.completed',
        summary: `Project ${name} was marked complete`,
        path: projectPath(projectId),
        data,
      },
    ];
  return [];
}

async function question(change: Change): Promise<Occurrence[]> {
  const q = change.newImage;
  const assignee = text(q, 'assignedToUserId');
  if (change.kind === 'REMOVE' || !q || !assignee || assignee === text(change.oldImage, 'assignedToUserId'))
    return [];
  if (q.deletedAt || q.isLinked === false) return [];
  const teamId = text(q, 'teamId') ?? '';
  const projectId = text(q, 'projectId') ?? '';
  const questionId = text(q, 'questionId') ?? '';
  const wording = excerpt(text(q, 'question') ?? '');
  return [
    {
      teamId,
      projectId,
      type: 'question.assigned',
      summary: `${await nameOf(assignee)} was assigned “${wording}”`,
      path: questionPath(projectId, questionId),
      data: {
        projectId,
        questionId,
        question: wording,
        referenceNumber: text(q, 'referenceNumber') ?? null,
        assignedToUserId: assignee,
        assignedByUserId: text(q, 'updatedByUserId') ?? null,
      },
    },
  ];
}

async function comment(change: Change): Promise<Occurrence[]> {
  const c = change.newImage;
  if (change.kind !== 'INSERT' || !c || !Array.isArray(c.segments)) return [];
  const segments = c.segments as Array<{ type?: string; content?: string }>;
  const mentioned = [...new Set(segments.filter((s) => s.type === 'MEMBER').map((s) => s.content ?? ''))];
  if (!mentioned.length) return [];
  const teamId = text(c, 'teamId') ?? '';
  const projectId = text(c, 'projectId') ?? '';
  const questionId = text(c, 'questionId') ?? '';
  const author = text(c, 'createdByUserId');
  const names = await usersById(mentioned);
  const words = segments
    .map((s) =>
      s.type === 'MEMBER' ? `@${fullName(names.get(s.content ?? '')) || 'someone'}` : (s.content ?? ''),
    )
    .join('');
  return [
    {
      teamId,
      projectId,
      type: 'comment.mentioned',
      summary: `${author ? await nameOf(author) : (text(c, 'fromEmailAddress') ?? 'Someone')} mentioned ${mentioned
        .map((id) => fullName(names.get(id)) || 'someone')
        .join(', ')}: “${excerpt(words)}”`,
      path: questionPath(projectId, questionId),
      data: {
        projectId,
        questionId,
        commentId: text(c, 'commentId'),
        createdByUserId: author ?? null,
        mentionedUserIds: mentioned,
        comment: excerpt(words, 500),
      },
    },
  ];
}

function libraryAnswer(change: Change): Occurrence[] {
  const a = change.newImage;
  const teamId = text(a, 'teamId');
  const answerId = text(a, 'answerId');
  if (!a || !teamId || !answerId) return [];
  const wording = excerpt(text(a, 'originalQuestion') ?? '');
  const data = { answerId, question: wording, answer: excerpt(text(a, 'answer') ?? '', 500) };
  const path = '/Answers';
  // Approved one by one (from a question, or written in the library): a bulk import is not an event per row.
  if (change.kind === 'INSERT' && text(a, 'creationMethod') !== 'BULK_UPLOAD')
    return [
      {
        teamId,
        type: 'library.answer_approved',
        summary: `Approved into the library: “${wording}”`,
        path,
        data,
      },
    ];
  const notice = text(a, 'reviewNoticeOn');
  if (change.kind === 'MODIFY' && notice && notice !== text(change.oldImage, 'reviewNoticeOn'))
    return [
      {
        teamId,
        type: 'library.review_due',
        summary: `Due for review: “${wording}”`,
        path: '/Answers?view=DUE_FOR_REVIEW',
        data: {
          ...data,
          ownerUserId: text(a, 'ownerUserId') ?? text(a, 'createdByUserId') ?? null,
          reviewByOn: notice,
        },
      },
    ];
  return [];
}

function quizInvite(change: Change): Occurrence[] {
  const i = change.newImage;
  if (change.kind !== 'MODIFY' || !i || !becameValue(change, 'inviteStatus', 'ANSWERED')) return [];
  const quizName = text(i, 'quizName') ?? '';
  return [
    {
      teamId: text(i, 'senderTeamId') ?? '',
      type: 'quiz.answered',
      summary: `${text(i, 'emailAddress')} answered ${quizName}`,
      path: '/Quiz/?tab=sent',
      data: {
        quizInviteId: text(i, 'quizInviteId'),
        quizId: text(i, 'quizId'),
        quizName,
        emailAddress: text(i, 'emailAddress'),
        questionCount: num(i, 'questionCount'),
      },
    },
  ];
}

function document(change: Change): Occurrence[] {
  const d = change.newImage;
  const notice = text(d, 'expiryNotice');
  if (change.kind !== 'MODIFY' || !d || (notice !== 'SOON' && notice !== 'EXPIRED')) return [];
  if (notice === text(change.oldImage, 'expiryNotice')) return [];
  const documentName = text(d, 'documentName') ?? '';
  const expiresOn = text(d, 'expiresOn') ?? null;
  return [
    {
      teamId: text(d, 'teamId') ?? '',
      // A document uploaded into a project is seen only by those who may see that project.
      projectId: text(d, 'uploadedInProjectId'),
      type: 'document.expiring',
      summary:
        notice === 'EXPIRED'
          ? `${documentName} expired on ${expiresOn}`
          : `${documentName} expires on ${expiresOn}`,
      path: '/Files',
      data: { documentId: text(d, 'documentId'), documentName, expiresOn, expired: notice === 'EXPIRED' },
    },
  ];
}

function consistencyCheck(change: Change): Occurrence[] {
  const c = change.newImage;
  const open = num(c, 'openCount');
  const before = change.kind === 'INSERT' ? 0 : num(change.oldImage, 'openCount');
  if (change.kind === 'REMOVE' || !c || open <= before) return [];
  const projectId = text(c, 'projectId') ?? '';
  return [
    {
      teamId: text(c, 'teamId') ?? '',
      projectId,
      type: 'consistency.findings',
      summary: `The consistency check found ${open - before} new ${open - before === 1 ? 'finding' : 'findings'} (${open} open)`,
      path: projectPath(projectId),
      data: { projectId, openCount: open, newCount: open - before },
    },
  ];
}

/** The events each entity's changes can be. */
export const EVENT_SOURCES: Record<string, (change: Change) => Occurrence[] | Promise<Occurrence[]>> = {
  project,
  question,
  comment,
  libraryAnswer,
  quizInvite,
  document,
  consistencyCheck,
};
