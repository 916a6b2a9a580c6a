import { quizzes as quizzesRoutes } from '../../shared/routes/quizzes';
import { createGroupHandler } from '../common/http';
import {
  acceptInvite,
  cancelInvite,
  createQuiz,
  declineInvite,
  exportAnswers,
  getAnswers,
  getQuiz,
  listInbox,
  listSent,
  listTemplates,
  saveQuiz,
  sendInvite,
} from './service';

export const handler = createGroupHandler(quizzesRoutes, {
  listQuizTemplates: async ({ caller }) => listTemplates(caller),
  createQuiz: async ({ caller, body }) => createQuiz(caller, body),
  getQuiz: async ({ caller, params }) => getQuiz(caller, params.quizId),
  saveQuiz: async ({ caller, params, body }) => saveQuiz(caller, params.quizId, body),
  sendQuizInvite: async ({ caller, params, body }) => sendInvite(caller, params.quizId, body),
  listQuizInbox: async ({ caller }) => listInbox(caller),
  listQuizSent: async ({ caller }) => listSent(caller),
  acceptQuizInvite: async ({ caller, params, sessionId }) =>
    acceptInvite(caller, params.quizInviteId, sessionId),
  declineQuizInvite: async ({ caller, params, sessionId }) =>
    declineInvite(caller, params.quizInviteId, sessionId),
  cancelQuizInvite: async ({ caller, params, sessionId }) =>
    cancelInvite(caller, params.quizInviteId, sessionId),
  getQuizAnswers: async ({ caller, params }) => getAnswers(caller, params.quizInviteId),
  exportQuizAnswers: async ({ caller, params }) => exportAnswers(caller, params.quizInviteId),
});
