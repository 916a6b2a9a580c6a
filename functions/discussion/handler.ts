import { discussion as discussionRoutes } from '../../shared/routes/discussion';
import { createGroupHandler } from '../common/http';
import { createComment, listActivity, listComments } from './comments';
import { getSubscription, subscribe, unsubscribe } from './subscriptions';

const question = (params: Record<string, string>) => ({
  projectId: params.projectId,
  questionId: params.questionId,
});

export const handler = createGroupHandler(discussionRoutes, {
  listComments: async ({ caller, params }) => listComments(caller, question(params)),
  createComment: async ({ caller, params, body, sessionId }) =>
    createComment(caller, question(params), body, sessionId),
  listActivity: async ({ caller, params }) => listActivity(caller, question(params)),
  getSubscription: async ({ caller, params }) => getSubscription(caller, question(params)),
  subscribe: async ({ caller, params }) => subscribe(caller, question(params)),
  unsubscribe: async ({ caller, params }) => unsubscribe(caller, question(params)),
});
