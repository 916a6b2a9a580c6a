/** Quizzes for tests: a template written through the API, and one sent, accepted, answered and closed. */
import type { CreateQuizRequest } from '../../shared/schemas/quiz';
import type { ApiClient } from './api-client';
import { eventually } from './eventually';
import type { Person } from './people';

type Caller = ReturnType<ApiClient['as']>;

function ok<T = any>(response: { status: number; body: any }, what: string): T {
  if (response.status !== 200)
    throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as T;
}

/** A vendor security review, written from the kind of questions the corpus's questionnaires ask. */
export const VENDOR_REVIEW: CreateQuizRequest = {
  quizName: 'Vendor security review 2027',
  quizDescription: 'Our yearly review of suppliers who process customer data.',
  quizConfiguration: [
    { itemId: 's-access', itemType: 'SECTION', itemLabel: 'Access control' },
    {
      itemId: 'q-mfa',
      itemType: 'QUESTION',
      itemLabel: 'Do you enforce multi-factor authentication for all staff?',
    },
    { itemId: 'q-review', itemType: 'QUESTION', itemLabel: 'How often are user access rights reviewed?' },
    { itemId: 's-data', itemType: 'SECTION', itemLabel: 'Data protection' },
    { itemId: 'q-rest', itemType: 'QUESTION', itemLabel: 'Is customer data encrypted at rest?' },
  ],
};

export async function createQuiz(as: Caller, quiz: CreateQuizRequest = VENDOR_REVIEW) {
  return ok<{ quizId: string; version: number }>(await as.call('createQuiz', { body: quiz }), 'createQuiz');
}

export async function sendQuiz(as: Caller, quizId: string, emailAddress: string) {
  const sent = ok(
    await as.call('sendQuizInvite', { params: { quizId }, body: { emailAddress } }),
    'sendQuizInvite',
  );
  return sent.quizInviteId as string;
}

/**
 * The sender's quiz sent to the recipient, accepted, its questions answered and the project closed;
 * resolves when the answers are back with the sender. `closer` closes it (the recipient by default).
 */
export async function answeredQuiz(api: ApiClient, sender: Person, recipient: Person, closer = recipient) {
  const { quizId } = await createQuiz(api.as(sender.token));
  const quizInviteId = await sendQuiz(api.as(sender.token), quizId, recipient.email);
  const as = api.as(recipient.token);
  const { projectId } = ok(
    await as.call('acceptQuizInvite', { params: { quizInviteId } }),
    'acceptQuizInvite',
  );
  const { items: questions } = ok<{ items: Array<{ questionId: string; version: number }> }>(
    await as.call('listQuestions', { params: { projectId } }),
    'listQuestions',
  );
  for (const question of questions) {
    ok(
      await as.call('updateQuestion', {
        params: { projectId, questionId: question.questionId },
        body: {
          answer: 'Yes. Enforced for every employee and contractor.',
          responseClassification: 'COMPLIANT',
          version: question.version,
        },
      }),
      'updateQuestion',
    );
  }
  ok(
    await api
      .as(closer.token)
      .call('updateProject', { params: { projectId }, body: { projectStatus: 'COMPLETE' } }),
    'close the project',
  );
  await eventually(async () => {
    const { invite } = ok(
      await api.as(sender.token).call('getQuizAnswers', { params: { quizInviteId } }),
      'getQuizAnswers',
    );
    if (invite.inviteStatus !== 'ANSWERED') throw new Error(`the invite is ${invite.inviteStatus}`);
  });
  return { quizId, quizInviteId, projectId };
}
