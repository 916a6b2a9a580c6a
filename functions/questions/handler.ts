import { questions as questionsRoutes } from '../../shared/routes/questions';
import { createGroupHandler } from '../common/http';
import {
  addQuestion,
  completeQuestion,
  deleteQuestion,
  getQuestion,
  listManualQuestions,
  listQuestionHistory,
  listQuestions,
  markNotAQuestion,
  restoreAnswer,
  unassignQuestion,
  updateQuestion,
} from './questions';

const question = (params: Record<string, string>) => ({
  projectId: params.projectId,
  questionId: params.questionId,
});

export const handler = createGroupHandler(questionsRoutes, {
  listQuestions: async ({ caller, params, query }) => listQuestions(caller, params.projectId, query),
  listManualQuestions: async ({ caller, params }) => listManualQuestions(caller, params.projectId),
  addQuestion: async ({ caller, params, body, sessionId }) =>
    addQuestion(caller, params.projectId, body, sessionId),
  updateQuestion: async ({ caller, params, body, sessionId }) =>
    updateQuestion(caller, question(params), body, sessionId),
  getQuestion: async ({ caller, params }) => getQuestion(caller, question(params)),
  unassignQuestion: async ({ caller, params, sessionId }) =>
    unassignQuestion(caller, question(params), sessionId),
  completeQuestion: async ({ caller, params, sessionId }) =>
    completeQuestion(caller, question(params), sessionId),
  deleteQuestion: async ({ caller, params, sessionId }) =>
    deleteQuestion(caller, question(params), sessionId),
  markNotAQuestion: async ({ caller, params, sessionId }) =>
    markNotAQuestion(caller, question(params), sessionId),
  listQuestionHistory: async ({ caller, params }) => listQuestionHistory(caller, question(params)),
  restoreAnswer: async ({ caller, params, body, sessionId }) =>
    restoreAnswer(caller, { ...question(params), activityId: params.activityId }, body, sessionId),
});
