/**
 * The demo team's quizzes, written from the corpus: the questions the team asks its own suppliers,
 * one review sent and still unclaimed, one that came back answered, and a customer's onboarding
 * questionnaire waiting in the demo user's inbox.
 */
import type { SeedInvite, SeedQuiz } from '../../../functions/quizzes/seed';
import type { CorpusSection } from './corpus';
import { fillAnswer } from './fill-ins';
import { fixedId } from './members';
import { classificationOf } from './projects';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

/** A quiz of some questions of some sections (by section number and question references). */
function quizFrom(
  corpus: CorpusSection[],
  key: string,
  quiz: { quizName: string; quizDescription: string },
  picks: Array<[section: number, count: number]>,
): { quiz: SeedQuiz; answers: Map<string, { answer: string; reference: string }> } {
  const answers = new Map<string, { answer: string; reference: string }>();
  const items = picks.flatMap(([number, count]) => {
    const section = corpus.find((s) => s.number === number);
    if (!section) return [];
    return [
      { itemId: `s${number}`, itemType: 'SECTION' as const, itemLabel: section.title },
      ...section.questions.slice(0, count).map((q) => {
        const itemId = `q${q.reference.replace('.', '-')}`;
        answers.set(itemId, { answer: fillAnswer(q.reference, q.answer) ?? '', reference: q.reference });
        return { itemId, itemType: 'QUESTION' as const, itemLabel: q.question };
      }),
    ];
  });
  return { quiz: { quizId: fixedId('demo-quiz', key), ...quiz, items }, answers };
}

export function demoQuizzes(
  corpus: CorpusSection[],
  demo: { teamId: string; teamName: string; userId: string; name: string; email: string },
) {
  const subprocessor = quizFrom(
    corpus,
    'subprocessor-review',
    {
      quizName: 'Subprocessor security review',
      quizDescription:
        'What we ask every supplier that stores or processes our customers’ data, before we sign and once a year after.',
    },
    [
      [2, 3],
      [4, 3],
      [7, 2],
      [8, 2],
    ],
  );
  const ai = quizFrom(
    corpus,
    'ai-vendor',
    {
      quizName: 'AI vendor assessment',
      quizDescription: 'For suppliers whose product uses machine-learning models on our data.',
    },
    [[11, 5]],
  );
  const onboarding = quizFrom(
    corpus,
    'globex-onboarding',
    {
      quizName: 'Globex supplier onboarding questionnaire',
      quizDescription: 'Globex Procurement asks every new software supplier these questions before purchase.',
    },
    [
      [3, 3],
      [6, 3],
      [10, 3],
    ],
  );
  const sent = (key: string, quiz: SeedQuiz, emailAddress: string, days: number): SeedInvite => ({
    quizInviteId: fixedId('demo-quiz-invite', demo.teamId, key),
    quiz,
    emailAddress,
    senderTeamId: demo.teamId,
    senderTeamName: demo.teamName,
    senderName: demo.name,
    createdByUserId: demo.userId,
    createdAt: daysAgo(days),
  });
  const answered = Object.fromEntries(
    [...subprocessor.answers].map(([itemId, { answer, reference }]) => [
      itemId,
      { answer, responseClassification: classificationOf(reference, answer) },
    ]),
  );
  return {
    templates: [subprocessor.quiz, ai.quiz],
    invites: [
      sent('cloudhost', subprocessor.quiz, 'security@cloudhost.example', 2),
      { ...sent('mailrelay', subprocessor.quiz, 'trust@mailrelay.example', 12), answers: answered },
      {
        quizInviteId: fixedId('demo-quiz-invite', demo.teamId, 'globex'),
        quiz: onboarding.quiz,
        emailAddress: demo.email,
        senderTeamId: fixedId('demo-partner-team', 'globex'),
        senderTeamName: 'Globex Procurement',
        senderName: 'Dana Whitfield',
        createdByUserId: fixedId('demo-partner-user', 'globex'),
        createdAt: daysAgo(1),
      },
    ] satisfies SeedInvite[],
  };
}
