import { Entity } from 'electrodb';
import { CLASSIFICATIONS } from '../../../shared/schemas/values';
import { key, SERVICE } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

/**
 * An answered question as Insights and the public analytics API read it: kept from the table's
 * stream (reactions.ts) beside the question, in its project's partition. `byAnswered` orders the
 * team's answered questions of one classification by when they were answered, so a search is one
 * Query per classification, newest first, with the date range in the key condition: no Scan, and
 * the first hundred read at once whatever the team's size. `byProjectAnswered` does the same within
 * one project, for the Project and Industry filters. (They share the table's byStatus and
 * byDocument indexes with other entities; their keys never collide.)
 */
export const InsightRowEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'insightRow', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        projectId: { type: 'string', required: true },
        questionId: { type: 'string', required: true },
        question: { type: 'string', required: true },
        answer: { type: 'string', required: true },
        responseClassification: { type: CLASSIFICATIONS, required: true },
        /** When the answer or its classification last changed (ISO time). */
        answeredAt: { type: 'string', required: true },
        answeredByUserId: { type: 'string' },
        classifiedByUserId: { type: 'string' },
        tags: { type: 'list', items: { type: 'string' } },
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId', 'projectId'], 'TEAM#${teamId}#PROJECT#${projectId}'),
          sk: key('sk', ['questionId'], 'INSIGHT#${questionId}'),
        },
        byAnswered: {
          index: 'byStatus',
          pk: key(
            'byStatusPk',
            ['teamId', 'responseClassification'],
            'TEAM#${teamId}#ANSWERED#${responseClassification}',
          ),
          sk: key(
            'byStatusSk',
            ['answeredAt', 'projectId', 'questionId'],
            '${answeredAt}#${projectId}#${questionId}',
          ),
        },
        byProjectAnswered: {
          index: 'byDocument',
          pk: key('byDocumentPk', ['teamId', 'projectId'], 'TEAM#${teamId}#PROJECT#${projectId}#ANSWERED'),
          sk: key('byDocumentSk', ['answeredAt', 'questionId'], '${answeredAt}#${questionId}'),
        },
      },
    }),
);
