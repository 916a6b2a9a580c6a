import { AddQuestionRequest, ManualQuestion, Question, UpdateQuestionRequest } from '../schemas/question';
import { route, routeGroup } from './route';

/** A project's questions. PRIVATE projects answer 404 to members who are not on their list. */
export const questions = routeGroup(
  'questions',
  { table: 'readwrite' },
  {
    listQuestions: route({
      method: 'GET',
      path: '/api/projects/{projectId}/questions',
      auth: 'user',
      permission: 'READ_ANSWER',
      summary: 'The linked questions of a project, in order',
      response: Question.array(),
    }),
    listManualQuestions: route({
      method: 'GET',
      path: '/api/projects/{projectId}/questions/manual',
      auth: 'user',
      permission: 'READ_ANSWER',
      summary: 'Questions added by hand, with their classification in the project wording',
      response: ManualQuestion.array(),
    }),
    addQuestion: route({
      method: 'POST',
      path: '/api/projects/{projectId}/questions/add',
      auth: 'user',
      permission: 'CREATE_QUESTION',
      summary: 'Add a question by hand (text longer than 10 characters)',
      body: AddQuestionRequest,
      response: Question,
    }),
    updateQuestion: route({
      method: 'POST',
      path: '/api/projects/{projectId}/questions/{questionId}/update',
      auth: 'user',
      permission: 'ANSWER_QUESTION',
      summary: 'Answer, classify, complete or assign a question',
      body: UpdateQuestionRequest,
      response: Question,
    }),
  },
);
