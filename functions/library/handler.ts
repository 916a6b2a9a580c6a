import { library as libraryRoutes } from '../../shared/routes/library';
import { createGroupHandler } from '../common/http';
import { getAutofill, reviewDrafts, startAutofill } from './autofill';
import { listAutofillEmpty, useCandidate } from './autofill-empty';
import { checkConsistency, dismissFinding, getConsistency } from './consistency/service';
import { listGaps } from './gaps/service';
import {
  checkLibraryHealth,
  getLibraryHealth,
  getLibraryHealthSummary,
  markDistinct,
  mergeDuplicates,
  resolveConflict,
} from './health/service';
import { completeLibraryUpload, getLibraryUpload, requestLibraryUpload } from './library-file';
import { confirmAnswer, getReviewSummary, listAnswerHistory, updateAnswerReview } from './review/service';
import {
  bulkUpdateAnswers,
  checkImportAnswers,
  createCollection,
  createTerm,
  deleteAnswer,
  deleteTerm,
  getAnswer,
  importAnswers,
  listCandidates,
  listCollections,
  listFavourites,
  listQuestionTerms,
  listSuggestions,
  listTerms,
  replaceAnswer,
  searchAnswers,
  searchLibrary,
  updateAnswer,
  updateCandidates,
  updateCollection,
  updateTerm,
} from './service';

export const handler = createGroupHandler(libraryRoutes, {
  searchLibrary: async ({ caller, body, query }) => searchLibrary(caller, body, query),
  listCandidates: async ({ caller }) => listCandidates(caller),
  updateCandidates: async ({ caller, body, sessionId }) => updateCandidates(caller, body, sessionId),
  listFavourites: async ({ caller }) => listFavourites(caller),
  importAnswers: async ({ caller, body, sessionId }) => importAnswers(caller, body, sessionId),
  checkImportAnswers: async ({ caller, body }) => checkImportAnswers(caller, body),
  requestLibraryUpload: async ({ caller, body }) => requestLibraryUpload(caller, body),
  completeLibraryUpload: async ({ caller, params }) => completeLibraryUpload(caller, params.answerSourceId),
  getLibraryUpload: async ({ caller, params }) => getLibraryUpload(caller, params.answerSourceId),
  bulkUpdateAnswers: async ({ caller, body, sessionId }) => bulkUpdateAnswers(caller, body, sessionId),
  listCollections: async ({ caller }) => listCollections(caller),
  createCollection: async ({ caller, body }) => createCollection(caller, body.collectionName),
  updateCollection: async ({ caller, params, body, sessionId }) =>
    updateCollection(caller, params.collectionId, body, sessionId),
  listSuggestions: async ({ caller, params }) => listSuggestions(caller, params.projectId, params.questionId),
  searchAnswers: async ({ caller, params, body }) =>
    searchAnswers(caller, params.projectId, params.questionId, body.searchQuery),
  listQuestionTerms: async ({ caller, params }) =>
    listQuestionTerms(caller, params.projectId, params.questionId),
  listTerms: async ({ caller }) => listTerms(caller),
  createTerm: async ({ caller, body }) => createTerm(caller, body),
  updateTerm: async ({ caller, params, body }) => updateTerm(caller, params.termId, body),
  deleteTerm: async ({ caller, params }) => deleteTerm(caller, params.termId),
  getAnswer: async ({ caller, params }) => getAnswer(caller, params.answerId),
  updateAnswer: async ({ caller, params, body, sessionId }) =>
    updateAnswer(caller, params.answerId, body, sessionId),
  replaceAnswer: async ({ caller, params, body, sessionId }) =>
    replaceAnswer(caller, params.answerId, body, sessionId),
  deleteAnswer: async ({ caller, params }) => deleteAnswer(caller, params.answerId),
  startAutofill: async ({ caller, params, body, sessionId }) =>
    startAutofill(caller, params.projectId, body, sessionId),
  getAutofill: async ({ caller, params }) => getAutofill(caller, params.projectId),
  reviewDrafts: async ({ caller, params, body, sessionId }) =>
    reviewDrafts(caller, params.projectId, body, sessionId),
  getLibraryHealth: async ({ caller }) => getLibraryHealth(caller),
  getLibraryHealthSummary: async ({ caller }) => getLibraryHealthSummary(caller),
  checkLibraryHealth: async ({ caller }) => checkLibraryHealth(caller),
  mergeDuplicates: async ({ caller, params, body, sessionId }) =>
    mergeDuplicates(caller, params.healthGroupId, body, sessionId),
  markDistinct: async ({ caller, params }) => markDistinct(caller, params.healthGroupId),
  resolveConflict: async ({ caller, params, body, sessionId }) =>
    resolveConflict(caller, params.conflictId, body, sessionId),
  getConsistency: async ({ caller, params }) => getConsistency(caller, params.projectId),
  checkConsistency: async ({ caller, params }) => checkConsistency(caller, params.projectId),
  dismissFinding: async ({ caller, params, body }) => dismissFinding(caller, params.projectId, body),
  listGaps: async ({ caller }) => listGaps(caller),
  listAutofillEmpty: async ({ caller, params }) => listAutofillEmpty(caller, params.projectId),
  useAutofillCandidate: async ({ caller, params, body, sessionId }) =>
    useCandidate(caller, params.projectId, body, sessionId),
  getReviewSummary: async ({ caller }) => getReviewSummary(caller),
  confirmAnswer: async ({ caller, params, body, sessionId }) =>
    confirmAnswer(caller, params.answerId, body, sessionId),
  updateAnswerReview: async ({ caller, params, body, sessionId }) =>
    updateAnswerReview(caller, params.answerId, body, sessionId),
  listAnswerHistory: async ({ caller, params }) => listAnswerHistory(caller, params.answerId),
});
