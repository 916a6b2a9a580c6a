/**
 * Library health's routes (issue 28 part 2), part of the library group (its Lambda owns the answers
 * a merge changes): reading needs READ_ANSWER, checking, merging and resolving
 * MANAGE_ANSWER_LIBRARY, as every other change of the library.
 */
import {
  HealthActionResult,
  LibraryHealth,
  LibraryHealthSummary,
  MergeGroupRequest,
  ResolveConflictRequest,
} from '../schemas/library-health';
import { route } from './route';

const HEALTH = '/api/answers/health';

export const libraryHealthRoutes = {
  getLibraryHealth: route({
    method: 'GET',
    path: HEALTH,
    auth: 'user',
    permission: 'READ_ANSWER',
    summary:
      "Library health: the duplicate groups and conflicts the last check found, with each answer's state",
    response: LibraryHealth,
  }),
  getLibraryHealthSummary: route({
    method: 'GET',
    path: `${HEALTH}/summary`,
    auth: 'user',
    permission: 'READ_ANSWER',
    summary: 'How many duplicate groups and conflicts the last check found, and when it ran',
    response: LibraryHealthSummary,
  }),
  checkLibraryHealth: route({
    method: 'POST',
    path: `${HEALTH}/check`,
    auth: 'user',
    permission: 'MANAGE_ANSWER_LIBRARY',
    summary:
      'Check now: queue the health job for the team (a check already queued or running is not repeated)',
    response: LibraryHealthSummary,
  }),
  mergeDuplicates: route({
    method: 'POST',
    path: `${HEALTH}/groups/{healthGroupId}/merge`,
    auth: 'user',
    permission: 'MANAGE_ANSWER_LIBRARY',
    summary:
      'Merge a duplicate group into the answer kept: it gains the usage, tags, collections and documents of the others, which are archived as "Merged into …"',
    body: MergeGroupRequest,
    response: HealthActionResult,
  }),
  markDistinct: route({
    method: 'POST',
    path: `${HEALTH}/groups/{healthGroupId}/distinct`,
    auth: 'user',
    permission: 'MANAGE_ANSWER_LIBRARY',
    summary: 'Mark a group distinct: its answers are not grouped together again',
    response: HealthActionResult.pick({ archived: true }),
  }),
  resolveConflict: route({
    method: 'POST',
    path: `${HEALTH}/conflicts/{conflictId}/resolve`,
    auth: 'user',
    permission: 'MANAGE_ANSWER_LIBRARY',
    summary: 'Keep one answer of a conflict; the other is archived with the reason given',
    body: ResolveConflictRequest,
    response: HealthActionResult,
  }),
};
