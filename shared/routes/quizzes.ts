import {
  AcceptedInvite,
  CreateQuizRequest,
  InviteRef,
  Quiz,
  QuizAnswers,
  QuizInvite,
  QuizTemplate,
  SaveQuizRequest,
  SendInviteRequest,
} from '../schemas/quiz';
import { FileLink } from '../schemas/source';
import { route, routeGroup } from './route';

const QUIZ = '/api/quiz/templates/{quizId}';
const INVITE = '/api/quiz/invites/{quizInviteId}';

/**
 * Quiz Central (spec 002 §7.5). Any member reads the team's templates, inbox and sent list;
 * writing templates and sending them needs CREATE_QUESTION (viewers only read). Only the invite's
 * recipient accepts or declines it (accepting creates a project in their team); only the sending
 * team cancels it or reads the answers that came back.
 */
export const quizzes = routeGroup(
  'quizzes',
  { table: 'readwrite', uploads: 'readwrite' },
  {
    listQuizTemplates: route({
      method: 'GET',
      path: '/api/quiz/templates',
      auth: 'user',
      permission: 'READ_ANSWER',
      summary: "The team's quiz templates, most recently changed first",
      response: QuizTemplate.array(),
    }),
    createQuiz: route({
      method: 'POST',
      path: '/api/quiz/templates/create',
      auth: 'user',
      permission: 'CREATE_QUESTION',
      summary: 'Create a quiz template (name, description, sections and questions)',
      body: CreateQuizRequest,
      response: Quiz,
    }),
    getQuiz: route({
      method: 'GET',
      path: QUIZ,
      auth: 'user',
      permission: 'READ_ANSWER',
      summary: 'One quiz template with its ordered sections and questions',
      response: Quiz,
    }),
    saveQuiz: route({
      method: 'POST',
      path: `${QUIZ}/save`,
      auth: 'user',
      permission: 'CREATE_QUESTION',
      summary: 'Save a quiz template; refused (409) when it changed since it was read',
      body: SaveQuizRequest,
      response: Quiz,
    }),
    sendQuizInvite: route({
      method: 'POST',
      path: `${QUIZ}/invite`,
      auth: 'user',
      permission: 'CREATE_QUESTION',
      summary: 'Send the quiz as it is now to an e-mail address; the recipient gets an e-mail with a link',
      body: SendInviteRequest,
      response: InviteRef,
    }),
    listQuizInbox: route({
      method: 'GET',
      path: '/api/quiz/inbox',
      auth: 'user',
      team: true,
      summary: "Invitations sent to the team's members, newest first",
      response: QuizInvite.array(),
    }),
    listQuizSent: route({
      method: 'GET',
      path: '/api/quiz/sent',
      auth: 'user',
      team: true,
      summary: 'Invitations the team sent, newest first',
      response: QuizInvite.array(),
    }),
    acceptQuizInvite: route({
      method: 'POST',
      path: `${INVITE}/accept`,
      auth: 'user',
      team: true,
      summary:
        'The recipient accepts: a project with one question per quiz question, due in 14 days, Normal priority, visible to the team',
      response: AcceptedInvite,
    }),
    declineQuizInvite: route({
      method: 'POST',
      path: `${INVITE}/decline`,
      auth: 'user',
      team: true,
      summary: 'The recipient declines (irreversible)',
      response: InviteRef,
    }),
    cancelQuizInvite: route({
      method: 'POST',
      path: `${INVITE}/cancel`,
      auth: 'user',
      permission: 'CREATE_QUESTION',
      summary: 'The sending team cancels an invitation that is still unclaimed',
      response: InviteRef,
    }),
    getQuizAnswers: route({
      method: 'GET',
      path: `${INVITE}/answers`,
      auth: 'user',
      permission: 'READ_ANSWER',
      summary: "The sending team reads the quiz as sent, with the recipient's answers once they came back",
      response: QuizAnswers,
    }),
    exportQuizAnswers: route({
      method: 'POST',
      path: `${INVITE}/export`,
      auth: 'user',
      permission: 'READ_ANSWER',
      summary:
        'The answered quiz as an XLSX file (section, question, compliance, answer); a short-lived link',
      response: FileLink,
    }),
  },
);
