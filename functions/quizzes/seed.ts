/**
 * Seeding entry point for the local runner: quiz templates, and invitations sent and received as
 * the API writes them (an answered one with its answers). Fixed ids: seeding again changes nothing.
 */
import type { Classification } from '../../shared/schemas/question';
import type { QuizItem } from '../../shared/schemas/quiz';
import * as repo from './repo';

export interface SeedQuiz {
  quizId: string;
  quizName: string;
  quizDescription: string;
  items: QuizItem[];
}

export interface SeedInvite {
  quizInviteId: string;
  quiz: SeedQuiz;
  emailAddress: string;
  senderTeamId: string;
  senderTeamName: string;
  senderName: string;
  createdByUserId: string;
  createdAt: string;
  /** Answers by itemId: the invite comes back ANSWERED with them. */
  answers?: Record<string, { answer: string; responseClassification: Classification }>;
}

export async function ensureQuizzes(teamId: string, createdByUserId: string, quizzes: SeedQuiz[]) {
  let created = 0;
  for (const quiz of quizzes) {
    if (await repo.getQuiz(teamId, quiz.quizId)) continue;
    await repo.createQuiz({
      teamId,
      quizId: quiz.quizId,
      quizName: quiz.quizName,
      quizDescription: quiz.quizDescription,
      quizConfiguration: quiz.items,
      createdByUserId,
    });
    created++;
  }
  return created;
}

export async function ensureInvites(invites: SeedInvite[]) {
  let created = 0;
  for (const seed of invites) {
    if (await repo.getInvite(seed.quizInviteId)) continue;
    const { quiz, answers } = seed;
    await repo.createInvite(
      {
        quizInviteId: seed.quizInviteId,
        quizId: quiz.quizId,
        quizName: quiz.quizName,
        quizDescription: quiz.quizDescription,
        emailAddress: seed.emailAddress,
        senderTeamId: seed.senderTeamId,
        senderTeamName: seed.senderTeamName,
        senderName: seed.senderName,
        createdByUserId: seed.createdByUserId,
        questionCount: quiz.items.filter((i) => i.itemType === 'QUESTION').length,
        createdAt: seed.createdAt,
      },
      quiz.items,
    );
    if (answers) {
      const items = await repo.inviteItems(seed.quizInviteId);
      const answered = items
        .filter((i) => i.itemType === 'QUESTION')
        .map((i) => ({ ...i, ...answers[i.itemId] }));
      const at = new Date(Date.parse(seed.createdAt) + 3 * 86_400_000).toISOString();
      await repo.markAccepted(seed.quizInviteId, at);
      await repo.recordAnswers(seed.quizInviteId, answered, at);
    }
    created++;
  }
  return created;
}
