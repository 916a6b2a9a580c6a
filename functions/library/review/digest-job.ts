/**
 * The weekly digest, run on a schedule (shared/background-functions.ts): for each owner, their
 * library answers due for review within DIGEST_DAYS or overdue, recorded once per owner and week;
 * the stream sends each (reactions.ts), honouring the owner's e-mail switch.
 */
import { addDays, DIGEST_DAYS, dayOf } from '../../../shared/review-days';
import { ownerOf } from './fields';
import * as repo from './repo';

const KEEP_SECONDS = 35 * 24 * 60 * 60;

/** The Monday of the week of `day` (the digest's key: one per owner and week). */
export function weekOf(day: string) {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

export async function sendDigests(now = new Date()) {
  const today = dayOf(now.toISOString());
  const due = (await repo.answersDueBy(addDays(today, DIGEST_DAYS))).filter(
    (a) => a.answerStatus !== 'ARCHIVED',
  );
  const perOwner = new Map<string, repo.AnswerItem[]>();
  for (const answer of due) {
    const key = `${answer.teamId}\u0000${ownerOf(answer)}`;
    perOwner.set(key, [...(perOwner.get(key) ?? []), answer]);
  }
  let recorded = 0;
  for (const [key, answers] of perOwner) {
    const [teamId, userId] = key.split('\u0000');
    const created = await repo.createDigest({
      teamId,
      userId,
      weekOf: weekOf(today),
      answers: answers
        .slice(0, 100)
        .map((a) => ({ answerId: a.answerId, question: a.originalQuestion, dueOn: a.nextReviewOn })),
      expiresAt: Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
    });
    if (created) recorded++;
  }
  return { today, owners: perOwner.size, recorded };
}

export const handler = async () => sendDigests();
