/**
 * Fill from library (issue 13, beyond the spec): every unanswered question of a project gets the
 * library's best answer as a draft when the engine is confident enough (search/engine.ts
 * confidenceOf), citing the entry it came from; below the threshold the question is left untouched
 * and its suggestions stay one click away. Drafts are IN-PROGRESS, never COMPLETE, until a reviewer
 * accepts (the use is recorded), edits and saves, or rejects them. The request queues a run; the
 * autofill job (autofill-job.ts) takes it from the table's stream and reports progress on the run,
 * which the library's reaction announces on the project's scope.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  AUTOFILL_MESSAGES,
  type AutofillRun,
  type ReviewDraftsRequest,
  type StartAutofillRequest,
} from '../../shared/schemas/answer';
import type { TeamCaller } from '../common/caller';
import { ConflictError, UnprocessableError } from '../common/errors';
import { logger } from '../common/logger';
import { visibleProject } from '../common/project-access';
import { sessionMark } from '../common/session-mark';
import { recordEmpty } from './autofill-empty';
import * as repo from './repo';
import { confidenceOf } from './search/engine';
import { teamIndex } from './search/store';

const FAILED = 'Autofill stopped unexpectedly. Nothing was lost: run it again to fill the rest.';

/** Newest first by their ids: time, then a random tail. */
const newRunId = () => `${Date.now().toString(36).padStart(9, '0')}${randomUUID().slice(0, 8)}`;

/**
 * A run still QUEUED or RUNNING this long after it was created will not finish (the job's time
 * limit is 15 minutes): it reads as FAILED, and a new run may start.
 */
const STALE_AFTER_MS = 20 * 60 * 1000;
const isStale = (run: repo.AutofillRunItem, now = Date.now()) =>
  (run.status === 'QUEUED' || run.status === 'RUNNING') && now - Date.parse(run.createdAt) > STALE_AFTER_MS;

const toRun = (run: repo.AutofillRunItem): AutofillRun => ({
  runId: run.runId,
  projectId: run.projectId,
  ...(isStale(run) ? { status: 'FAILED' as const, failureReason: FAILED } : { status: run.status }),
  threshold: run.threshold,
  total: run.total,
  processed: run.processed,
  filled: run.filled,
  startedByUserId: run.startedByUserId,
  createdAt: run.createdAt,
  ...(run.finishedAt ? { finishedAt: run.finishedAt } : {}),
  ...(run.failureReason ? { failureReason: run.failureReason } : {}),
});

const isActive = (run: repo.AutofillRunItem | null) =>
  (run?.status === 'QUEUED' || run?.status === 'RUNNING') && !isStale(run);

export async function startAutofill(
  caller: TeamCaller,
  projectId: string,
  body: z.output<typeof StartAutofillRequest>,
  sessionId: string | null,
): Promise<AutofillRun> {
  const project = await visibleProject(caller, projectId);
  if (project.projectStatus === 'COMPLETE') throw new UnprocessableError(AUTOFILL_MESSAGES.completed);
  const { teamId, userId } = caller.user;
  if (isActive(await repo.latestAutofill(teamId, projectId)))
    throw new ConflictError(AUTOFILL_MESSAGES.running);
  const run = await repo.createAutofill({
    teamId,
    projectId,
    runId: newRunId(),
    status: 'QUEUED',
    threshold: body.threshold,
    total: 0,
    processed: 0,
    filled: 0,
    startedByUserId: userId,
    changedBySession: sessionMark(sessionId),
  });
  return toRun(run);
}

export async function getAutofill(caller: TeamCaller, projectId: string): Promise<AutofillRun | null> {
  await visibleProject(caller, projectId);
  const run = await repo.latestAutofill(caller.user.teamId, projectId);
  return run ? toRun(run) : null;
}

export async function reviewDrafts(
  caller: TeamCaller,
  projectId: string,
  body: z.output<typeof ReviewDraftsRequest>,
  sessionId: string | null,
) {
  await visibleProject(caller, projectId);
  const drafts = (
    await repo.getQuestions(caller.user.teamId, projectId, [...new Set(body.questionIds)])
  ).filter((q) => q.libraryDraft && !q.deletedAt && q.isLinked !== false);
  if (!drafts.length) throw new UnprocessableError(AUTOFILL_MESSAGES.noDrafts);
  let changed = 0;
  for (let i = 0; i < drafts.length; i += WRITES_IN_FLIGHT) {
    const done = await Promise.all(
      drafts
        .slice(i, i + WRITES_IN_FLIGHT)
        .map((q) => repo.decideDraft(q, body.decision, caller.user.userId, sessionMark(sessionId))),
    );
    changed += done.filter(Boolean).length;
  }
  return { changed };
}

// ——— The job ———

const WRITES_IN_FLIGHT = 16;
/** The run's progress is written (and announced) after every this many questions. */
const PROGRESS_EVERY = 100;

const unanswered = (q: repo.QuestionItem) =>
  !q.deletedAt && q.isLinked !== false && !q.answer?.trim() && q.responseStatus !== 'COMPLETE';

/** Runs a QUEUED run to DONE (or FAILED); a redelivered or finished run is left alone. */
export async function runAutofill(key: { teamId: string; projectId: string; runId: string }) {
  const run = await repo.getAutofill(key.teamId, key.projectId, key.runId);
  if (run?.status !== 'QUEUED' || !(await repo.updateAutofill(key, 'QUEUED', { status: 'RUNNING' }))) return;
  try {
    const questions = (await repo.questionsOf(key.teamId, key.projectId)).filter(unanswered);
    await repo.updateAutofill(key, 'RUNNING', { total: questions.length });
    const index = await teamIndex(key.teamId);
    const proposals = questions.map((question) => {
      const hits = index.search(question.question, 2);
      return { question, hit: hits[0], confidence: confidenceOf(hits) };
    });
    // Every best hit's entry: the confident ones are filled, the others are the closest candidates.
    const entries = new Map(
      (
        await repo.getAnswers(key.teamId, [
          ...new Set(proposals.flatMap((p) => (p.hit && p.confidence > 0 ? [p.hit.answerId] : []))),
        ])
      ).map((a) => [a.answerId, a]),
    );
    const left: Parameters<typeof recordEmpty>[1] = [];
    let filled = 0;
    for (let i = 0; i < proposals.length; i += WRITES_IN_FLIGHT) {
      const chunk = proposals.slice(i, i + WRITES_IN_FLIGHT);
      const written = await Promise.all(
        chunk.map(async ({ question, hit, confidence }) => {
          const best = hit && confidence > 0 ? entries.get(hit.answerId) : undefined;
          const entry = confidence >= run.threshold ? best : undefined;
          // Only available answers: flagged ones wait for review, archived ones are hidden.
          if (entry?.answerStatus !== 'IN-USE') {
            // Left empty: why, and the closest available answer below the threshold (issue 28 part 6).
            left.push({
              question,
              closest: best?.answerStatus === 'IN-USE' ? { entry: best, confidence } : undefined,
            });
            return false;
          }
          return repo.answerUnchangedQuestion(
            question,
            {
              answer: entry.answer,
              responseClassification: entry.responseClassification,
              libraryDraft: {
                answerId: entry.answerId,
                confidence,
                runId: key.runId,
                originalQuestion: entry.originalQuestion,
                ...(entry.documentIds?.length ? { documentIds: entry.documentIds } : {}),
              },
            },
            run.startedByUserId,
            sessionMark(null),
            'linked',
          );
        }),
      );
      filled += written.filter(Boolean).length;
      const processed = Math.min(i + WRITES_IN_FLIGHT, proposals.length);
      if (processed % PROGRESS_EVERY < WRITES_IN_FLIGHT && processed < proposals.length) {
        await repo.updateAutofill(key, 'RUNNING', { processed, filled });
      }
    }
    await recordEmpty(key, left);
    await repo.updateAutofill(key, 'RUNNING', {
      status: 'DONE',
      processed: proposals.length,
      filled,
      finishedAt: new Date().toISOString(),
    });
  } catch (error) {
    logger.error('autofill failed', { error, key });
    await repo.updateAutofill(key, 'RUNNING', {
      status: 'FAILED',
      failureReason: FAILED,
      finishedAt: new Date().toISOString(),
    });
  }
}
