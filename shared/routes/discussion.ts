import { ActivityEntry, Comment, CreateCommentRequest, SubscriptionStatus } from '../schemas/discussion';
import { route, routeGroup } from './route';

const QUESTION = '/api/projects/{projectId}/questions/{questionId}';

/**
 * A question's discussion: comments with mentions and e-mail copies, the activity feed, and the
 * caller's subscription. PRIVATE projects answer 404 to members who are not on their list.
 */
export const discussion = routeGroup(
  'discussion',
  { table: 'readwrite' },
  {
    listComments: route({
      method: 'GET',
      path: `${QUESTION}/comments`,
      auth: 'user',
      permission: 'READ_ANSWER',
      summary: "The question's comments, oldest first",
      response: Comment.array(),
    }),
    createComment: route({
      method: 'POST',
      path: `${QUESTION}/comments`,
      auth: 'user',
      permission: 'READ_ANSWER',
      summary: 'Comment on a question; mentioned members are notified, copied addresses e-mailed',
      body: CreateCommentRequest,
      response: Comment,
    }),
    listActivity: route({
      method: 'GET',
      path: `${QUESTION}/activity`,
      auth: 'user',
      permission: 'READ_ANSWER',
      summary: "The question's activity feed, newest first",
      response: ActivityEntry.array(),
    }),
    getSubscription: route({
      method: 'GET',
      path: `${QUESTION}/subscription`,
      auth: 'user',
      permission: 'READ_ANSWER',
      summary: 'Whether the caller is subscribed to the question',
      response: SubscriptionStatus,
    }),
    subscribe: route({
      method: 'POST',
      path: `${QUESTION}/subscription/create`,
      auth: 'user',
      permission: 'READ_ANSWER',
      summary: "Subscribe to the question's comments by e-mail",
      response: SubscriptionStatus,
    }),
    unsubscribe: route({
      method: 'POST',
      path: `${QUESTION}/subscription/remove`,
      auth: 'user',
      permission: 'READ_ANSWER',
      summary: "Stop e-mails about the question's comments",
      response: SubscriptionStatus,
    }),
  },
);
