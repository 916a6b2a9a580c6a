/** A member's subscription to a question's comments by e-mail: one item per user and question. */
import type { TeamCaller } from '../common/caller';
import { NotFoundError } from '../common/errors';
import { visibleProject } from '../common/project-access';
import { QUESTION_NOT_FOUND } from './comments';
import * as repo from './repo';

async function watchKey(caller: TeamCaller, params: { projectId: string; questionId: string }) {
  await visibleProject(caller, params.projectId);
  const key = { teamId: caller.user.teamId, ...params };
  const question = await repo.getQuestion(key);
  if (!question || question.deletedAt) throw new NotFoundError(QUESTION_NOT_FOUND);
  return { ...key, userId: caller.user.userId };
}

export async function getSubscription(caller: TeamCaller, params: { projectId: string; questionId: string }) {
  return { userSubscribed: await repo.isWatching(await watchKey(caller, params)) };
}

/** Idempotent: subscribing twice leaves one subscription. */
export async function subscribe(caller: TeamCaller, params: { projectId: string; questionId: string }) {
  await repo.watch(await watchKey(caller, params));
  return { userSubscribed: true };
}

/** Idempotent: unsubscribing when not subscribed is fine. */
export async function unsubscribe(caller: TeamCaller, params: { projectId: string; questionId: string }) {
  await repo.unwatch(await watchKey(caller, params));
  return { userSubscribed: false };
}
