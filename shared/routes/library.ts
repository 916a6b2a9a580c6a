import {
  Answer,
  AnswerAnalytics,
  AnswerPage,
  BulkResult,
  BulkUpdateAnswersRequest,
  Candidate,
  Collection,
  CreateCollectionRequest,
  ImportAnswersRequest,
  ImportAnswersResult,
  LibraryPageQuery,
  ReplaceAnswerRequest,
  SearchLibraryRequest,
  UpdateAnswerRequest,
  UpdateCandidatesRequest,
  UpdateCandidatesResult,
  UpdateCollectionRequest,
} from '../schemas/answer';
import { Ok } from '../schemas/common';
import { route, routeGroup } from './route';

const ANSWER = '/api/answers/{answerId}';

/**
 * The answer library (spec 002 §7.2). Reading needs READ_ANSWER; changing the library
 * MANAGE_ANSWER_LIBRARY, except an answer's status from the answering screen (flag, hide, undo
 * hide: ANSWER_QUESTION, checked by the service) and the caller's own favourites. Paging is by
 * `offset` and `limit` in the query (the spec's headers; API Gateway validates queries).
 */
export const library = routeGroup(
  'library',
  { table: 'readwrite' },
  {
    searchLibrary: route({
      method: 'POST',
      path: '/api/answers/search',
      auth: 'user',
      permission: 'READ_ANSWER',
      summary: 'A page of the library: a view (Available by default) or a collection, searched, newest first',
      body: SearchLibraryRequest,
      query: LibraryPageQuery,
      response: AnswerPage,
    }),
    listCandidates: route({
      method: 'GET',
      path: '/api/answers/candidates',
      auth: 'user',
      permission: 'MANAGE_ANSWER_LIBRARY',
      summary: 'Answers saved with Include in Library, waiting for a decision',
      response: Candidate.array(),
    }),
    updateCandidates: route({
      method: 'POST',
      path: '/api/answers/candidates/update',
      auth: 'user',
      permission: 'MANAGE_ANSWER_LIBRARY',
      summary: 'Add candidates to the library (CREATE) or discard them (DISCARD)',
      body: UpdateCandidatesRequest,
      response: UpdateCandidatesResult,
    }),
    listFavourites: route({
      method: 'GET',
      path: '/api/answers/favourites',
      auth: 'user',
      permission: 'READ_ANSWER',
      summary: "The caller's favourite answers",
      response: Answer.array(),
    }),
    importAnswers: route({
      method: 'POST',
      path: '/api/answers/import',
      auth: 'user',
      permission: 'MANAGE_ANSWER_LIBRARY',
      summary:
        'Add answers (Add Answer, or the importer); ones the library already holds are not added twice',
      body: ImportAnswersRequest,
      response: ImportAnswersResult,
    }),
    bulkUpdateAnswers: route({
      method: 'POST',
      path: '/api/answers/bulk/update',
      auth: 'user',
      permission: 'MANAGE_ANSWER_LIBRARY',
      summary: 'One status for many answers (archive, flag for review, make available)',
      body: BulkUpdateAnswersRequest,
      response: BulkResult,
    }),
    listCollections: route({
      method: 'GET',
      path: '/api/answers/collections',
      auth: 'user',
      permission: 'READ_ANSWER',
      summary: "The team's own collections, with their answer counts",
      response: Collection.array(),
    }),
    createCollection: route({
      method: 'POST',
      path: '/api/answers/collections',
      auth: 'user',
      permission: 'MANAGE_ANSWER_LIBRARY',
      summary: 'Create a collection',
      body: CreateCollectionRequest,
      response: Collection,
    }),
    updateCollection: route({
      method: 'POST',
      path: '/api/answers/collections/{collectionId}/update',
      auth: 'user',
      permission: 'MANAGE_ANSWER_LIBRARY',
      summary: 'Rename a collection, or put answers in or take them out of it',
      body: UpdateCollectionRequest,
      response: Collection,
    }),
    getAnswer: route({
      method: 'GET',
      path: ANSWER,
      auth: 'user',
      permission: 'READ_ANSWER',
      summary: 'An answer with where it was used (answer analytics)',
      response: AnswerAnalytics,
    }),
    updateAnswer: route({
      method: 'POST',
      path: `${ANSWER}/update`,
      auth: 'user',
      permission: 'READ_ANSWER',
      summary: "Flag (with a reason), archive or make available (ANSWER_QUESTION), or the caller's favourite",
      body: UpdateAnswerRequest,
      response: Answer,
    }),
    replaceAnswer: route({
      method: 'POST',
      path: `${ANSWER}/replace`,
      auth: 'user',
      permission: 'MANAGE_ANSWER_LIBRARY',
      summary: 'Replace the text of an answer (409 when the version given is stale)',
      body: ReplaceAnswerRequest,
      response: Answer,
    }),
    deleteAnswer: route({
      method: 'POST',
      path: `${ANSWER}/delete`,
      auth: 'user',
      permission: 'MANAGE_ANSWER_LIBRARY',
      summary: 'Delete an answer from the library',
      response: Ok,
    }),
  },
);
