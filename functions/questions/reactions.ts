/**
 * What follows changes of questions, read from the table's stream in batches: the project's
 * dashboard aggregates move (one transaction per project and run of changes, applied exactly once),
 * then the project's open screens hear PROJECT_UPDATED.
 */
import { db, type QuestionItem } from '../common/entities';
import { publishProjectUpdated } from '../common/project-events';
import type { BatchReactions, Change } from '../common/reactions';
import * as repo from './repo';
import { emptyDelta, isEmptyDelta, mergeDeltas, questionDelta } from './stats';

/** A transaction holds at most 100 items: 99 change marks and the aggregates. */
const RUN = 99;

const deltaOf = (change: Change) =>
  questionDelta(
    change.oldImage as QuestionItem | undefined,
    change.newImage as QuestionItem | undefined,
    new Date(change.at),
  );

async function applyRun(project: { teamId: string; projectId: string }, run: Change[]) {
  const delta = run.map(deltaOf).reduce(mergeDeltas, emptyDelta());
  if (isEmptyDelta(delta)) return;
  const applied = await repo.applyStatsDelta(
    project,
    run.map((c) => c.id),
    delta,
  );
  if (applied) return;
  // Some change of the run was applied before (a redelivery): apply each one on its own.
  for (const change of run) {
    const one = deltaOf(change);
    if (!isEmptyDelta(one)) await repo.applyStatsDelta(project, [change.id], one);
  }
}

async function onQuestions(changes: Change[]) {
  const byProject = new Map<string, { project: { teamId: string; projectId: string }; changes: Change[] }>();
  for (const change of changes) {
    const q = (change.newImage ?? change.oldImage) as QuestionItem;
    const key = `${q.teamId}#${q.projectId}`;
    const entry = byProject.get(key) ?? {
      project: { teamId: q.teamId, projectId: q.projectId },
      changes: [],
    };
    entry.changes.push(change);
    byProject.set(key, entry);
  }
  for (const { project, changes: projectChanges } of byProject.values()) {
    for (let i = 0; i < projectChanges.length; i += RUN) {
      await applyRun(project, projectChanges.slice(i, i + RUN));
    }
    // Not marked as anyone's own: the writer's screens refresh too, now that the counts moved.
    const { data } = await db().entities.project.get(project).go();
    await publishProjectUpdated([data ?? project]);
  }
}

export const batchReactions: BatchReactions = { question: onQuestions };
