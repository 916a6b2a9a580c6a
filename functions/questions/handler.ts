import { createGroupHandler } from '../common/http';
import { addQuestion, listManualQuestions, listQuestions, updateQuestion } from './questions';

export const handler = createGroupHandler('questions', {
  listQuestions: async ({ caller, params }) => listQuestions(caller, params.projectId),
  listManualQuestions: async ({ caller, params }) => listManualQuestions(caller, params.projectId),
  addQuestion: async ({ caller, params, body, sessionId }) =>
    addQuestion(caller, params.projectId, body, sessionId),
  updateQuestion: async ({ caller, params, body, sessionId }) =>
    updateQuestion(caller, { projectId: params.projectId, questionId: params.questionId }, body, sessionId),
});
