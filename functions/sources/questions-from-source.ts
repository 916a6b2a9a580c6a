/**
 * Turning a configured sheet or document into questions, idempotently: a question is keyed by its
 * place in the source (`<sheetId>:<rowNumber>` or the question's nodeId), so it keeps its id, its
 * answer, classification, status and assignee while it maps to the same place. Saving again never
 * duplicates a question; a place no longer included unlinks its question (it leaves the list and the
 * dashboard counts) and including it again brings the same question back.
 */
import { ANSWER_MAX, type Classification, QUESTION_MAX } from '../../shared/schemas/values';
import { db, newQuestionId, type QuestionItem, type SourceItem } from '../common/entities';
import { answersFlowToLibrary } from '../common/library-flow';
import * as repo from './repo';

/** What a source says one question is (text fields from the file, and the answer it arrived with). */
export interface SourcedQuestion {
  sourceKey: string;
  /** Orders the question within the source (row number, node order). */
  order: number;
  /** Added to the source's creation time for the id, keeping sheets apart (sheet index). */
  orderGroup: number;
  question: string;
  information?: string;
  referenceNumber?: string;
  sectionDescription?: string;
  importance?: string;
  /**
   * Only used when the question is created: its id (a new version of a file places a new row's
   * question right after the question it follows, as ids sort the list), else a new one.
   */
  questionId?: string;
  /** Only used when the question is created: an answer the customer's file already had. */
  answer?: string;
  classification?: Classification;
}

const clip = (text: string | undefined, max: number) => {
  const trimmed = text?.trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
};

export interface SyncResult {
  created: number;
  updated: number;
  unlinked: number;
  questionCount: number;
}

const TEXT_FIELDS = [
  'question',
  'information',
  'referenceNumber',
  'sectionDescription',
  'importance',
] as const;

/**
 * Creates, updates and unlinks the questions of one part of a source (`keyPrefix` selects the
 * sheet's keys; '' a whole document) so that exactly `wanted` are linked.
 */
export async function syncQuestions(
  source: SourceItem,
  keyPrefix: string,
  wanted: SourcedQuestion[],
  by: { userId: string; session: string },
): Promise<SyncResult> {
  const key = { teamId: source.teamId, projectId: source.projectId, projectSourceId: source.projectSourceId };
  const [existing, project] = await Promise.all([
    repo.questionsOfSource(key),
    db().entities.project.get({ teamId: source.teamId, projectId: source.projectId }).go(),
  ]);
  const includeInLibrary = project.data ? await answersFlowToLibrary(project.data) : false;
  const createdAt = Date.parse(source.createdAt);
  const toCreate: Array<Omit<QuestionItem, 'createdAt' | 'updatedAt'>> = [];
  const toPatch: repo.QuestionPatch[] = [];
  const keep = new Set<string>();
  for (const w of wanted) {
    keep.add(w.sourceKey);
    const fields = {
      question: clip(w.question, QUESTION_MAX) ?? '',
      information: clip(w.information, QUESTION_MAX),
      referenceNumber: clip(w.referenceNumber, 64),
      sectionDescription: clip(w.sectionDescription, 256),
      importance: clip(w.importance, 64),
    };
    const current = existing.get(w.sourceKey);
    if (current) {
      const set: Partial<QuestionItem> = {};
      const remove: string[] = [];
      for (const field of TEXT_FIELDS) {
        if ((current[field] || undefined) === fields[field]) continue;
        if (fields[field] === undefined) remove.push(field);
        else Object.assign(set, { [field]: fields[field] });
      }
      if (current.isLinked === false) {
        set.isLinked = true;
        if (current.unlinkedAs) remove.push('unlinkedAs');
      }
      if (Object.keys(set).length || remove.length) {
        toPatch.push({
          key: { teamId: source.teamId, projectId: source.projectId, questionId: current.questionId },
          set: { ...set, updatedByUserId: by.userId, changedBySession: by.session },
          remove,
        });
      }
      continue;
    }
    const answer = clip(w.answer, ANSWER_MAX);
    toCreate.push({
      teamId: source.teamId,
      projectId: source.projectId,
      questionId: w.questionId ?? newQuestionId(createdAt + w.orderGroup, w.order),
      ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
      question: fields.question,
      answer: answer ?? '',
      responseStatus: answer ? 'IN-PROGRESS' : 'INCOMPLETE',
      responseClassification: w.classification ?? 'INCOMPLETE',
      includeInLibrary,
      creationType: 'IMPORTED',
      isLinked: true,
      projectSourceId: source.projectSourceId,
      sourceKey: w.sourceKey,
      createdByUserId: by.userId,
      updatedByUserId: by.userId,
      changedBySession: by.session,
      version: 1,
    });
  }
  let unlinked = 0;
  for (const [sourceKey, q] of existing) {
    if (!sourceKey.startsWith(keyPrefix) || keep.has(sourceKey) || q.isLinked === false) continue;
    unlinked++;
    toPatch.push({
      key: { teamId: source.teamId, projectId: source.projectId, questionId: q.questionId },
      set: { isLinked: false, updatedByUserId: by.userId, changedBySession: by.session },
    });
  }
  await repo.putQuestions(toCreate);
  await repo.patchQuestions(toPatch);
  return {
    created: toCreate.length,
    updated: toPatch.length - unlinked,
    unlinked,
    questionCount: wanted.length,
  };
}
