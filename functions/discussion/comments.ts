/** A question's comments and activity feed: list, comment (with mentions and e-mail copies). */
import type * as z from 'zod';
import type {
  ActivityEntry,
  Comment,
  CommentSegment,
  CreateCommentRequest,
} from '../../shared/schemas/discussion';
import type { TeamCaller } from '../common/caller';
import { canSeeProject, type ProjectItem } from '../common/entities';
import { BadRequestError, NotFoundError } from '../common/errors';
import { visibleProject } from '../common/project-access';
import { sessionMark } from '../common/session-mark';
import { usersById } from '../common/team-directory';
import { newCommentId } from './entities/comment';
import type { CommentItem, QuestionKey } from './repo';
import * as repo from './repo';

export const QUESTION_NOT_FOUND = 'That question no longer exists';
export const NOT_A_PROJECT_MEMBER = 'That person is not a member of this project';

export function toComment(item: CommentItem): Comment {
  return {
    commentId: item.commentId,
    questionId: item.questionId,
    createdByUserId: item.createdByUserId,
    createdAt: item.createdAt,
    segments: item.segments as CommentSegment[],
    ...(item.fromEmailAddress ? { commentData: { fromEmailAddress: item.fromEmailAddress } } : {}),
  };
}

/** The project the caller may see and its question, which must exist and not be deleted. */
async function visibleQuestion(caller: TeamCaller, params: { projectId: string; questionId: string }) {
  const project = await visibleProject(caller, params.projectId);
  const key: QuestionKey = { teamId: caller.user.teamId, ...params };
  const question = await repo.getQuestion(key);
  if (!question || question.deletedAt) throw new NotFoundError(QUESTION_NOT_FOUND);
  return { project, key };
}

/**
 * Members who may be mentioned: users whose current team is the project's and who can see it (on
 * a PRIVATE project, those on its list). One batch read however many are mentioned.
 */
async function requireMentionable(project: ProjectItem, userIds: string[]) {
  if (!userIds.length) return;
  const users = await usersById(userIds);
  const refused = userIds.filter((id) => {
    const user = users.get(id);
    return !user || user.teamId !== project.teamId || user.status !== 'ACTIVE' || !canSeeProject(project, id);
  });
  if (refused.length) throw new BadRequestError('Invalid request body', { segments: [NOT_A_PROJECT_MEMBER] });
}

export const mentionedUserIds = (segments: CommentSegment[]) => [
  ...new Set(segments.filter((s) => s.type === 'MEMBER').map((s) => s.content)),
];

export async function listComments(caller: TeamCaller, params: { projectId: string; questionId: string }) {
  const { key } = await visibleQuestion(caller, params);
  return (await repo.commentsOf(key)).map(toComment);
}

export async function createComment(
  caller: TeamCaller,
  params: { projectId: string; questionId: string },
  body: z.output<typeof CreateCommentRequest>,
  sessionId: string | null,
): Promise<Comment> {
  const { project, key } = await visibleQuestion(caller, params);
  await requireMentionable(project, mentionedUserIds(body.segments));
  const created = await repo.createComment({
    ...key,
    commentId: newCommentId(),
    createdByUserId: caller.user.userId,
    segments: body.segments,
    emailList: body.emailList,
    changedBySession: sessionMark(sessionId),
  });
  return toComment(created);
}

export async function listActivity(
  caller: TeamCaller,
  params: { projectId: string; questionId: string },
): Promise<ActivityEntry[]> {
  const { key } = await visibleQuestion(caller, params);
  return (await repo.activityOf(key)).map((entry) => ({
    activityId: entry.activityId,
    questionId: entry.questionId,
    activityDescription: entry.activityDescription,
    createdByUserId: entry.createdByUserId,
    updatedAt: entry.updatedAt,
  }));
}
