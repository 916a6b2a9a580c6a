import { randomBytes } from 'node:crypto';
import { Entity } from 'electrodb';
import { CLASSIFICATIONS, CREATION_TYPES, RESPONSE_STATUSES } from '../../../shared/schemas/values';
import { key, SERVICE, timestamps, updatedAt } from './keys';
import { lazyEntity } from './lazy';

/**
 * A question of a project (spec 002 §3), in the project's own partition so a project's questions
 * are one Query. Projects, imports, answering and exports all read it, so it is a shared entity.
 * questionIds sort in creation order (see newQuestionId).
 */
export const QuestionEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'question', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        projectId: { type: 'string', required: true },
        questionId: { type: 'string', required: true },
        question: { type: 'string', required: true },
        answer: { type: 'string', required: true, default: '' },
        information: { type: 'string' },
        referenceNumber: { type: 'string' },
        sectionDescription: { type: 'string' },
        importance: { type: 'string' },
        responseStatus: { type: RESPONSE_STATUSES, required: true, default: 'INCOMPLETE' },
        responseClassification: { type: CLASSIFICATIONS, required: true, default: 'INCOMPLETE' },
        includeInLibrary: { type: 'boolean', required: true, default: false },
        assignedToUserId: { type: 'string' },
        creationType: { type: CREATION_TYPES, required: true },
        isLinked: { type: 'boolean', required: true, default: true },
        /** IMPORTED questions: the source they came from and their place in it, which keeps the id stable. */
        projectSourceId: { type: 'string' },
        /** `<sheetId>:<rowNumber>` for a sheet row, the question's nodeId for a document. */
        sourceKey: { type: 'string' },
        /**
         * NOT_A_QUESTION when a user unlinked an imported question from the answering screen: the
         * sources group then leaves its row or node out of the configuration too, so saving the
         * configuration again does not bring it back.
         */
        unlinkedAs: { type: ['NOT_A_QUESTION'] as const },
        deletedAt: { type: 'string' },
        /** The library answer the current answer was taken from (the library records the usage). */
        libraryAnswerId: { type: 'string' },
        /** Filled by autofill from a library entry, until a reviewer accepts, edits or rejects it. */
        libraryDraft: {
          type: 'map',
          properties: {
            answerId: { type: 'string', required: true },
            confidence: { type: 'number', required: true },
            runId: { type: 'string', required: true },
            originalQuestion: { type: 'string', required: true },
            /** The library entry's supporting documents (attached to the question once accepted). */
            documentIds: { type: 'list', items: { type: 'string' } },
          },
        },
        /**
         * The question was reworded by a new version of its file: the wording it had before, until
         * someone reviews the answer against the new wording.
         */
        reworded: {
          type: 'map',
          properties: {
            previousQuestion: { type: 'string', required: true },
            fileName: { type: 'string', required: true },
          },
        },
        /** Documents the question cites that expired (see functions/documents): its answer is up for review. */
        evidenceExpired: {
          type: 'list',
          items: {
            type: 'map',
            properties: {
              documentId: { type: 'string', required: true },
              documentName: { type: 'string', required: true },
              expiresOn: { type: 'string', required: true },
            },
          },
        },
        createdByUserId: { type: 'string' },
        updatedByUserId: { type: 'string' },
        changedBySession: { type: 'string' },
        updatedAt,
        version: { type: 'number', required: true, default: 1 },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId', 'projectId'], 'TEAM#${teamId}#PROJECT#${projectId}'),
          sk: key('sk', ['questionId'], 'QUESTION#${questionId}'),
        },
      },
    }),
);

/** Sortable ids: questions list in the order they were created (imports create them in row order). */
export const newQuestionId = (at = Date.now(), sequence = 0) =>
  `${at.toString(36).padStart(9, '0')}${sequence.toString(36).padStart(4, '0')}${randomBytes(4).toString('hex')}`;

interface DraftableWork {
  answer?: string;
  responseStatus?: (typeof RESPONSE_STATUSES)[number];
  responseClassification?: (typeof CLASSIFICATIONS)[number];
  libraryDraft?: unknown;
}

/**
 * A question's work as it counts (issue 29): an autofill draft nobody reviewed yet is no answer —
 * not in Insights or the analytics API, the dashboard's tiles, export counts and files, or a quiz's
 * returned answers — so it counts as unanswered, unclassified and not started until a reviewer
 * accepts or saves it (then it is that reviewer's answer). The answering screen still shows the
 * draft, to review it.
 */
export function reviewedWork<T extends DraftableWork>(question: T): T {
  if (!question.libraryDraft) return question;
  return { ...question, answer: '', responseClassification: 'INCOMPLETE', responseStatus: 'INCOMPLETE' };
}
