/**
 * Sweeps over the route table (shared/routes), against the real local stack: every route is
 * covered the day it is added, without anyone remembering to.
 *
 * - Bad input: every route gets at least 200 inputs a careless or hostile client sends (generated
 *   from its zod schemas with fast-check, plus fixed hostile cases; a route with little to vary
 *   gets generated queries, bodies and ids), as a team owner who holds every permission: never a
 *   5xx, never a stack trace or an internal name, always a JSON `{ message }` error, and 400
 *   whenever a schema refuses the input.
 * - Permissions: every permission-gated route, called by each default role with a valid body,
 *   answers 200 to the roles whose permission map has the key and 403 to the others; every team
 *   route answers 403 to a signed-in user without a team.
 * - Cross-team: every route that takes an id, called by another team's owner with this team's
 *   real ids, answers 404 (or 403), shows none of this team's data and changes none of it.
 *
 * Reproduce a run with SWEEP_SEED=<seed printed in the failure>; SWEEP_RUNS sets how many inputs
 * are generated per route and kind of input (the 401 sweep is in platform-api.test.ts).
 *
 * This module holds what the sweeps share; each concern is its own file in test/integration, so
 * vitest runs them side by side, each on a stack of its own (startSweep, in the file's beforeAll):
 * sweep-coverage-permissions (route table coverage and the permission sweep), sweep-cross-team,
 * and sweep-bad-input-1 and -2 (the bad-input sweep, route-sweep-bad-input.ts, one half of the
 * route table each). Each file prints its own counts line when it ends.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect } from 'vitest';
import * as z from 'zod';
import { db, newQuestionId } from '../../functions/common/entities';
import { logger } from '../../functions/common/logger';
import { saveCheck } from '../../functions/library/consistency/repo';
import { putCandidate } from '../../functions/library/repo';
import { buildQuestionnaireDocx } from '../../scripts/fixtures/word';
import type { RoleCode } from '../../shared/permissions';
import {
  Id,
  pathParams,
  type RouteBody,
  type RouteEntry,
  type RouteName,
  type Routes,
  routeList,
} from '../../shared/routes';
import { ErrorBody } from '../../shared/schemas/common';
import { isScimPath, SCIM_SCHEMAS, ScimErrorBody } from '../../shared/schemas/scim';
import { type ApiClient, client } from './api-client';
import { addDocument, uploadDocument } from './documents';
import { eventually } from './eventually';
import { type FreshHealthGroup, freshHealthGroup } from './library-health';
import { startTestStack, type TestStack } from './local-stack';
import { type Person, people } from './people';
import { answeredQuiz, sendQuiz, VENDOR_REVIEW } from './quizzes';
import { Resources } from './resources';
import { importSource, uploadLibraryFile, uploadSource } from './sources';

/** A questionnaire as small as they come: a header and one question. */
const SWEEP_CSV = new TextEncoder().encode('Question,Answer\r\nIs customer data encrypted at rest?,\r\n');

/** Object.prototype's members before anything was sent. */
export const PROTOTYPE_MEMBERS = Object.getOwnPropertyNames(Object.prototype);

const SEED = Number(process.env.SWEEP_SEED ?? 20_260_815);
export const RUNS = Number(process.env.SWEEP_RUNS ?? 250);
export const REPRODUCE = `fast-check seed ${SEED}: rerun with SWEEP_SEED=${SEED} SWEEP_RUNS=${RUNS}`;

let stack: TestStack;
let api: ApiClient;

// ---------------------------------------------------------------------------------------------
// What the sweeps need to know per route: a valid body, and a real id for each path parameter.
// ---------------------------------------------------------------------------------------------

/** The real values of a team that valid bodies refer to. */
export interface Ctx {
  projectId: string;
  /** A tag on the project. */
  tagLabel: string;
  /** A member of the team (the project's sales manager). */
  userId: string;
  groupId: string;
  roleId: string;
  /** A READY source of the project. */
  projectSourceId: string;
  /** An answer of the team's library. */
  answerId: string;
  /** A document of the team's library, attached to the project and its question. */
  documentId: string;
}
export const SAMPLE_CTX: Ctx = {
  projectId: 'project-1',
  tagLabel: 'known',
  userId: 'user-1',
  groupId: 'group-1',
  roleId: 'role-1',
  projectSourceId: 'source-1',
  answerId: 'answer-1',
  documentId: 'document-1',
};

let invitees = 0;
let collections = 0;

type BodyRoute = { [N in RouteName]: Routes[N] extends { body: z.ZodType } ? N : never }[RouteName];

/**
 * A minimal valid body for every route that takes one. A new route with a body must add its
 * example here (the 'route table coverage' tests fail until it does).
 */
export const EXAMPLES: { [N in BodyRoute]: (ctx: Ctx) => RouteBody<N> } = {
  updateUser: () => ({ givenName: 'Pat', lastName: 'Tester' }),
  recordActivity: () => ({ eventName: 'route-sweep', eventData: { page: 'sweep' }, duration: 12 }),
  requestPhotoUpload: () => ({ fileName: 'me.png', contentType: 'image/png' }),
  completePhotoUpload: () => ({ photo: 'uploads/none.png' }),
  updateUserSettings: () => ({ sendEmailOnProjectAssigned: true }),
  registerUser: () => ({ givenName: 'Nobody', lastName: 'Known', emailAddress: 'nobody.known@example.com' }),
  ssoByAlias: () => ({ alias: 'acme' }),
  ssoByDomain: () => ({ domain: 'example.com' }),
  createTeam: () => ({ name: 'Second Team' }),
  // A new address each time, so a second valid invitation is not refused as a duplicate.
  inviteMember: (ctx) => ({
    emailAddress: `invitee.${++invitees}@sweep.test`,
    groupId: ctx.groupId,
    roleId: ctx.roleId,
  }),
  updateMember: (ctx) => ({ groupId: ctx.groupId, roleId: ctx.roleId }),
  respondToInvitation: () => ({ invitationStatus: 'ACCEPT' }),
  createProject: () => ({ name: 'Sweep project' }),
  updateProject: () => ({ name: 'Renamed by the sweep' }),
  unassignProject: (ctx) => ({ salesManagerUserId: ctx.userId }),
  updateProjectAccess: () => ({ accessVisibility: 'TEAM', shareWith: [] }),
  updateComplianceOverrides: (ctx) => ({ overrides: { [ctx.projectId]: { compliant: 'Met by the sweep' } } }),
  addQuestion: () => ({ question: 'Is data encrypted at rest and in transit?' }),
  updateQuestion: () => ({ answer: 'Changed by the sweep' }),
  // The version of a question no one has changed yet (FRESH gives restoreAnswer one per call).
  restoreAnswer: () => ({ version: 1 }),
  createComment: () => ({ segments: [{ type: 'TEXT', content: 'Looks right to me' }] }),
  addTag: () => ({ tagLabel: 'sweep' }),
  removeTag: (ctx) => ({ tagLabel: ctx.tagLabel }),
  createSource: () => ({ fileName: 'Vendor questionnaire.csv', contentType: 'text/csv' }),
  // A source already handled: valid, and 409 unless FRESH_BODY gives the caller an upload of their own.
  completeSource: (ctx) => ({ projectSourceId: ctx.projectSourceId }),
  // A source given as its own new version: valid, and refused (it cannot follow itself).
  compareSourceVersion: (ctx) => ({ previousSourceId: ctx.projectSourceId }),
  configureSheet: () => ({
    columnClassifications: [
      { columnNumber: 1, columnType: 'QUESTION' },
      { columnNumber: 2, columnType: 'ANSWER' },
    ],
    isLinked: true,
    rowInclusion: [{ rowNumber: 2, isLinked: true }],
  }),
  configureDocument: () => ({
    annotations: [],
    configuration: { documentTableFillEnabled: true, tableFillEnabled: false },
    isLinked: true,
  }),
  previewExport: () => ({ kind: 'DATA', format: 'csv' }),
  exportQuestions: () => ({ kind: 'DATA', format: 'xlsx' }),
  searchLibrary: () => ({ searchTerm: 'encrypted', view: 'ALL' }),
  // A candidate already decided: valid, and 404 unless FRESH_BODY gives the caller one of its own.
  updateCandidates: (ctx) => ({ questionIds: [ctx.answerId], newStatus: 'DISCARD' }),
  importAnswers: () => ({
    items: [{ question: 'Do you encrypt backups?', answer: 'Yes, with AES-256 keys held in a KMS.' }],
  }),
  checkImportAnswers: () => ({
    items: [{ question: 'Do you encrypt backups?', answer: 'Yes, with AES-256 keys held in a KMS.' }],
  }),
  bulkUpdateAnswers: (ctx) => ({ answerIds: [ctx.answerId], answerStatus: 'IN-USE' }),
  // A new name each time: a second collection of the same name is refused.
  createCollection: () => ({ collectionName: `Sweep collection ${++collections}` }),
  updateCollection: (ctx) => ({ addAnswerIds: [ctx.answerId] }),
  updateAnswer: () => ({ isFavourite: true }),
  replaceAnswer: () => ({ answer: 'Replaced by the sweep: yes, reviewed every quarter.' }),
  // An answer of no health group: valid, and refused unless FRESH_BODY names one of a fresh group.
  mergeDuplicates: (ctx) => ({ keepAnswerId: ctx.answerId }),
  resolveConflict: (ctx) => ({
    keepAnswerId: ctx.answerId,
    reason: 'Outdated: replaced by the newer policy',
  }),
  confirmAnswer: () => ({}),
  updateAnswerReview: (ctx) => ({ ownerUserId: ctx.userId }),
  requestLibraryUpload: () => ({ fileName: 'Answer library.csv', contentType: 'text/csv' }),
  searchAnswers: () => ({ searchQuery: 'encrypted at rest' }),
  startAutofill: () => ({ threshold: 0.9 }),
  reviewDrafts: () => ({ questionIds: ['question-1'], decision: 'ACCEPT' }),
  // A finding no check found: valid, and 404 unless FRESH_BODY gives the caller one of its own.
  dismissFinding: () => ({
    findingId: 'finding-sweep',
    reason: 'Different systems: both answers are right.',
  }),
  // A question of another project: 404 unless FRESH_BODY gives an empty question of the caller's own.
  useAutofillCandidate: (ctx) => ({ questionId: 'question-1', answerId: ctx.answerId }),
  // A new term each time: a second term of the same name is refused.
  createTerm: () => ({ term: `Sweep term ${++collections}`, definition: 'A term the sweep adds.' }),
  searchInsights: () => ({ complianceStatusList: 'COMPLIANT,NON-COMPLIANT', answeredAfter: '2026-01-01' }),
  startInsightsExport: (ctx) => ({ projectId: ctx.projectId }),
  analyticsQuestions: () => ({ complianceStatusList: 'COMPLIANT', answeredAfter: '2026-01-01' }),
  mcp: () => ({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'search_library', arguments: { query: 'Is data encrypted at rest?' } },
  }),
  updateTeamSettings: () => ({ importedAnswersRequireReview: true }),
  requestLogoUpload: () => ({ fileName: 'Company logo.png', contentType: 'image/png' }),
  createDocument: () => ({
    fileName: 'SOC 2 Type II report.pdf',
    contentType: 'application/pdf',
    documentName: 'SOC 2 Type II Report',
    documentTypeId: 'SOC2_REPORT',
  }),
  completeDocument: () => ({}),
  uploadDocumentVersion: () => ({
    fileName: 'SOC 2 Type II report 2027.pdf',
    contentType: 'application/pdf',
  }),
  // A stale version unless FRESH_BODY reads the document's current one.
  updateDocument: () => ({ version: 1, documentName: 'Renamed by the sweep' }),
  attachProjectDocument: (ctx) => ({ documentId: ctx.documentId }),
  attachQuestionDocument: (ctx) => ({ documentId: ctx.documentId }),
  // The project's own attachment only (FRESH attaches it again first), never the question's.
  removeProjectDocument: (ctx) => ({
    documentId: ctx.documentId,
    questionDocumentId: `PROJECT.${ctx.documentId}`,
  }),
  removeQuestionDocument: (ctx) => ({ documentId: ctx.documentId }),
  createQuiz: () => VENDOR_REVIEW,
  // A stale version unless FRESH_BODY reads the quiz's current one.
  saveQuiz: () => ({ ...VENDOR_REVIEW, version: 1 }),
  sendQuizInvite: () => ({ emailAddress: 'supplier@sweep.test' }),
  // The discard port: deliveries fail at once (and are retried), nothing listens.
  createWebhook: () => ({ url: 'http://127.0.0.1:9/hooks/sweep', events: ['project.created'] }),
  updateWebhook: () => ({ description: 'Changed by the sweep' }),
  scimCreateUser: () => ({
    schemas: [SCIM_SCHEMAS.user],
    userName: 'provisioned@sweep.test',
    name: { givenName: 'Pat', familyName: 'Provisioned' },
    active: true,
  }),
  // The pending invitation's address is pending.<label>@sweep.test: another address is 400 (userName is immutable).
  scimReplaceUser: () => ({
    schemas: [SCIM_SCHEMAS.user],
    userName: 'someone.else@sweep.test',
    active: true,
  }),
  scimPatchUser: () => ({
    schemas: [SCIM_SCHEMAS.patch],
    Operations: [{ op: 'replace', path: 'externalId', value: 'sweep-external-id' }],
  }),
  scimCreateGroup: () => ({ schemas: [SCIM_SCHEMAS.group], displayName: 'Sweep provisioned group' }),
  scimReplaceGroup: () => ({ schemas: [SCIM_SCHEMAS.group], displayName: 'Sweep replaced group' }),
  scimPatchGroup: () => ({
    schemas: [SCIM_SCHEMAS.patch],
    Operations: [{ op: 'replace', path: 'displayName', value: 'Sweep patched group' }],
  }),
  updateTerm: () => ({
    term: 'RPO',
    definition: 'Recovery point objective: how much data a restore may lose.',
    links: ['https://example.com/glossary/rpo'],
  }),
};
export const exampleOf = (route: RouteEntry, ctx: Ctx): unknown =>
  route.body ? (EXAMPLES as Record<string, (c: Ctx) => unknown>)[route.name]?.(ctx) : undefined;

/** A team with data in it: what the sweeps call routes with. */
export interface TeamData {
  owner: Person;
  member: Person;
  projectId: string;
  projectName: string;
  questionId: string;
  questionText: string;
  /** The question's first history entry. */
  activityId: string;
  knownTag: string;
  secretTag: string;
  wording: string;
  /** The member's (accepted) membership. */
  membershipId: string;
  /** A pending invitation to someone else. */
  invitationId: string;
  /** The owner's notification that the member accepted. */
  notificationId: string;
  groupId: string;
  roleId: string;
  /** A READY CSV source (one sheet) and a READY Word source. */
  projectSourceId: string;
  sheetId: string;
  documentSourceId: string;
  /** An answer of the library, a collection and a glossary term of the team's. */
  answerId: string;
  answerText: string;
  collectionId: string;
  termId: string;
  termDefinition: string;
  documentId: string;
  documentName: string;
  /** An Insights export the owner started. */
  exportId: string;
  /** A quiz template of the team, and an invitation of it the member accepted, answered and the owner closed. */
  quizId: string;
  quizInviteId: string;
  /** A webhook endpoint of the team, and the test delivery the owner queued to it. */
  webhookId: string;
  deliveryId: string;
}
export const ctxOf = (team: TeamData): Ctx => ({
  projectId: team.projectId,
  tagLabel: team.knownTag,
  userId: team.member.userId,
  groupId: team.groupId,
  roleId: team.roleId,
  projectSourceId: team.projectSourceId,
  answerId: team.answerId,
  documentId: team.documentId,
});

/**
 * A real id of the team for every path parameter name. A new route with a new parameter must add
 * it here (the 'route table coverage' tests fail until it does).
 */
export const PARAM_IDS: Record<string, (team: TeamData) => string> = {
  projectId: (t) => t.projectId,
  questionId: (t) => t.questionId,
  activityId: (t) => t.activityId,
  resourceId: (t) => t.projectId,
  membershipId: (t) => t.membershipId,
  notificationId: (t) => t.notificationId,
  projectSourceId: (t) => t.projectSourceId,
  sheetId: (t) => t.sheetId,
  answerId: (t) => t.answerId,
  collectionId: (t) => t.collectionId,
  // An upload never made: 404 unless FRESH gives the caller one of its own.
  answerSourceId: () => randomUUID(),
  termId: (t) => t.termId,
  documentId: (t) => t.documentId,
  exportId: (t) => t.exportId,
  quizId: (t) => t.quizId,
  quizInviteId: (t) => t.quizInviteId,
  groupId: (t) => t.groupId,
  webhookId: (t) => t.webhookId,
  deliveryId: (t) => t.deliveryId,
  // A library health group or conflict that was never found: 404 unless FRESH gives a fresh one.
  healthGroupId: () => randomUUID(),
  conflictId: () => randomUUID(),
};
/** Where a route means a different record by the same parameter name. */
export const PARAM_OVERRIDES: Partial<Record<RouteName, Record<string, (team: TeamData) => string>>> = {
  respondToInvitation: { membershipId: (t) => t.invitationId },
  // SCIM users are called with the pending invitation, never the member whose token the sweeps use.
  scimGetUser: { membershipId: (t) => t.invitationId },
  scimReplaceUser: { membershipId: (t) => t.invitationId },
  scimPatchUser: { membershipId: (t) => t.invitationId },
  scimDeleteUser: { membershipId: (t) => t.invitationId },
  getDocument: { projectSourceId: (t) => t.documentSourceId },
  configureDocument: { projectSourceId: (t) => t.documentSourceId },
};
export const paramsFor = (route: RouteEntry, team: TeamData): Record<string, string> =>
  Object.fromEntries(
    pathParams(route.path).map((name) => [
      name,
      (PARAM_OVERRIDES[route.name]?.[name] ?? PARAM_IDS[name])(team),
    ]),
  );
/** A pending invitation of the team made now (as SCIM or the Team page makes one). */
async function freshInvitation(team: TeamData) {
  const emailAddress = `fresh.${randomUUID().slice(0, 8)}@sweep.test`;
  const made = await api
    .as(team.owner.token)
    .call('inviteMember', { body: { emailAddress, groupId: team.groupId, roleId: team.roleId } });
  if (made.status !== 200) throw new Error(`inviteMember answered ${made.status}`);
  return { membershipId: made.body.data.membershipId as string };
}
/** A group of the team made now, as SCIM's POST /Groups writes one. */
async function freshGroup(team: TeamData) {
  const groupId = randomUUID();
  const teamId = team.owner.teamId as string;
  await db()
    .entities.group.create({ teamId, groupId, groupName: `Fresh group ${groupId.slice(0, 8)}`, position: 99 })
    .go();
  return { groupId };
}
/** A question of the team added now (by hand, or as an import writes it), with its first history entry. */
async function freshQuestion(team: TeamData, kind: 'MANUAL' | 'IMPORTED' = 'MANUAL') {
  const question = `Fresh question for the sweep, ${kind.toLowerCase()}`;
  if (kind === 'IMPORTED') {
    const questionId = newQuestionId();
    await db()
      .entities.question.create({
        teamId: team.owner.teamId as string,
        projectId: team.projectId,
        questionId,
        question,
        creationType: 'IMPORTED',
      })
      .go();
    return { projectId: team.projectId, questionId };
  }
  const as = api.as(team.owner.token);
  const added = await as.call('addQuestion', { params: { projectId: team.projectId }, body: { question } });
  if (added.status !== 200) throw new Error(`addQuestion answered ${added.status}`);
  return { projectId: team.projectId, questionId: added.body.data.questionId as string };
}

/**
 * Routes that use up what they are called with (a deleted or unlinked question, a restore that
 * moves the version on) get fresh records per call wherever a sweep expects them to succeed, so
 * they never break the sweeps of the team's own question that follow.
 */
/** An answer of the team's library added now. */
async function freshAnswer(team: TeamData) {
  const body = {
    items: [{ question: `Fresh library question ${randomUUID()}`, answer: 'A fresh answer for the sweep.' }],
  };
  const added = await api.as(team.owner.token).call('importAnswers', { body });
  if (added.status !== 200) throw new Error(`importAnswers answered ${added.status}`);
  return { answerId: added.body.data.answerIds[0] as string };
}

/** A document of the team's library added now (to archive, reinstate or complete). */
async function freshDocument(team: TeamData, complete = true) {
  const as = api.as(team.owner.token);
  const document = { fileName: 'Fresh evidence.pdf', documentName: `Fresh evidence ${randomUUID()}` };
  return { documentId: complete ? await addDocument(as, document) : await uploadDocument(as, document) };
}

/** A CSV source of the team's project configured into one question: a file a new version can follow. */
async function freshConfiguredSource(team: TeamData) {
  const as = api.as(team.owner.token);
  const source = await importSource(as, team.projectId, `Fresh ${randomUUID()}.csv`, SWEEP_CSV);
  const params = {
    projectId: team.projectId,
    projectSourceId: source.projectSourceId,
    sheetId: source.sheets[0].sheetId,
  };
  const configured = await as.call('configureSheet', { params, body: EXAMPLES.configureSheet({} as Ctx) });
  if (configured.status !== 200) throw new Error(`configureSheet answered ${configured.status}`);
  return source.projectSourceId;
}

/** A new version of a fresh source, compared and waiting for review (each apply or discard settles one). */
async function freshVersion(team: TeamData) {
  const as = api.as(team.owner.token);
  const previousSourceId = await freshConfiguredSource(team);
  const version = await importSource(as, team.projectId, 'Fresh v2.csv', SWEEP_CSV, { previousSourceId });
  const params = { projectId: team.projectId, projectSourceId: version.projectSourceId };
  await eventually(async () => {
    const read = await as.call('getSource', { params });
    if (read.body.data?.versionState !== 'REVIEW') throw new Error('not compared yet');
  });
  return params;
}

let lastDraft = '';
let lastHealthGroup: FreshHealthGroup | undefined;
async function healthGroup(team: TeamData) {
  lastHealthGroup = await freshHealthGroup(api.as(team.owner.token), team.owner.teamId as string);
  return lastHealthGroup;
}
let lastPreviousSource = '';
const FRESH: Partial<Record<RouteName, (team: TeamData, token?: string) => Promise<Record<string, string>>>> =
  {
    // An export of the caller's own: an export is its requester's only (it holds what they may see).
    getInsightsExport: async (team, token) => {
      const started = await api
        .as(token ?? team.owner.token)
        .call('startInsightsExport', { body: { complianceStatusList: 'COMPLIANT' } });
      if (started.status !== 200) throw new Error(`startInsightsExport answered ${started.status}`);
      return { exportId: started.body.data.exportId as string };
    },
    // A library file of the caller's own, completed (only its uploader reads it).
    getLibraryUpload: async (team, token) => {
      const caller = api.as(token ?? team.owner.token);
      const body = { fileName: 'Answer library.csv', contentType: 'text/csv' };
      const allowed = (await caller.call('requestLibraryUpload', { body })).status === 200;
      const uploader = allowed ? caller : api.as(team.owner.token);
      const answerSourceId = await uploadLibraryFile(uploader, 'Answer library.csv', SWEEP_CSV);
      const completed = await uploader.call('completeLibraryUpload', { params: { answerSourceId } });
      if (completed.status !== 200) throw new Error(`completeLibraryUpload answered ${completed.status}`);
      return { answerSourceId };
    },
    deleteAnswer: (team) => freshAnswer(team),
    // An invitation or a group of its own for each SCIM removal or change, as the sweeps repeat them.
    scimDeleteUser: (team) => freshInvitation(team),
    scimPatchUser: (team) => freshInvitation(team),
    scimReplaceUser: (team) => freshInvitation(team),
    scimDeleteGroup: (team) => freshGroup(team),
    scimPatchGroup: (team) => freshGroup(team),
    scimReplaceGroup: (team) => freshGroup(team),
    // An endpoint of its own: each removal takes one (once the team has its 20, one made earlier).
    deleteWebhook: async (team) => {
      const as = api.as(team.owner.token);
      const made = await as.call('createWebhook', {
        body: { url: 'http://127.0.0.1:9/hooks/fresh', events: ['quiz.answered'] },
      });
      if (made.status === 200) return { webhookId: made.body.data.webhookId as string };
      const listed = await as.call('listWebhooks');
      const spare = (listed.body.data as Array<{ webhookId: string }>).find(
        (w) => w.webhookId !== team.webhookId,
      );
      if (!spare) throw new Error(`createWebhook answered ${made.status} and no spare endpoint is left`);
      return { webhookId: spare.webhookId };
    },
    // A duplicate group with a conflict of the team's (each merge, mark or resolve removes it).
    mergeDuplicates: async (team) => ({ healthGroupId: (await healthGroup(team)).healthGroupId }),
    markDistinct: async (team) => ({ healthGroupId: (await healthGroup(team)).healthGroupId }),
    resolveConflict: async (team) => ({ conflictId: (await healthGroup(team)).conflictId }),
    getSourceVersion: (team) => freshVersion(team),
    applySourceVersion: (team) => freshVersion(team),
    discardSourceVersion: (team) => freshVersion(team),
    // A plain upload of its own, and (FRESH_BODY) a configured source it can become the new version of.
    compareSourceVersion: async (team) => {
      lastPreviousSource = await freshConfiguredSource(team);
      const as = api.as(team.owner.token);
      const upload = await importSource(as, team.projectId, 'Fresh plain.csv', SWEEP_CSV);
      return { projectId: team.projectId, projectSourceId: upload.projectSourceId };
    },
    // An invitation still unclaimed (each call settles it).
    cancelQuizInvite: async (team) => ({
      quizInviteId: await sendQuiz(api.as(team.owner.token), team.quizId, 'supplier@sweep.test'),
    }),
    deleteTerm: async (team) => {
      const body = { term: `Fresh term ${randomUUID()}`, definition: 'Deleted by the sweep.' };
      const created = await api.as(team.owner.token).call('createTerm', { body });
      if (created.status !== 200) throw new Error(`createTerm answered ${created.status}`);
      return { termId: created.body.data.termId as string };
    },
    completeLibraryUpload: async (team) => ({
      answerSourceId: await uploadLibraryFile(api.as(team.owner.token), 'Answer library.csv', SWEEP_CSV),
    }),
    completeDocument: (team) => freshDocument(team, false),
    archiveDocument: (team) => freshDocument(team),
    reinstateDocument: async (team) => {
      const params = await freshDocument(team);
      const archived = await api.as(team.owner.token).call('archiveDocument', { params });
      if (archived.status !== 200) throw new Error(`archiveDocument answered ${archived.status}`);
      return params;
    },
    // The team's document attached to the project again (each call removes it).
    removeProjectDocument: async (team) => {
      const body = { documentId: team.documentId };
      const params = { projectId: team.projectId };
      const added = await api.as(team.owner.token).call('attachProjectDocument', { params, body });
      if (added.status !== 200) throw new Error(`attachProjectDocument answered ${added.status}`);
      return params;
    },
    // A question of its own with the team's document attached.
    removeQuestionDocument: async (team) => {
      const params = await freshQuestion(team);
      const body = { documentId: team.documentId };
      const added = await api.as(team.owner.token).call('attachQuestionDocument', { params, body });
      if (added.status !== 200) throw new Error(`attachQuestionDocument answered ${added.status}`);
      return params;
    },
    deleteQuestion: (team) => freshQuestion(team),
    markNotAQuestion: (team) => freshQuestion(team, 'IMPORTED'),
    // A project of its own: a second run on a project while one is going is refused (409).
    startAutofill: async (team) => {
      const created = await api
        .as(team.owner.token)
        .call('createProject', { body: { name: `Autofill ${randomUUID()}` } });
      if (created.status !== 200) throw new Error(`createProject answered ${created.status}`);
      return { projectId: created.body.data.projectId as string };
    },
    // A question holding a draft, written as the autofill job writes it (reviewed drafts are gone: 422).
    reviewDrafts: async (team) => {
      const params = await freshQuestion(team);
      await db()
        .entities.question.patch({ teamId: team.owner.teamId as string, ...params })
        .set({
          answer: 'Yes: TLS 1.2 or higher everywhere.',
          libraryDraft: {
            answerId: 'a-sweep',
            confidence: 0.95,
            runId: 'r-sweep',
            originalQuestion: 'Is data encrypted in transit?',
          },
        })
        .go();
      lastDraft = params.questionId;
      return { projectId: params.projectId };
    },
    restoreAnswer: async (team) => {
      const params = await freshQuestion(team);
      const activityId = await eventually(async () => {
        const entries = await api.as(team.owner.token).call('listQuestionHistory', { params });
        if (!entries.body.data?.length) throw new Error('no history entry yet');
        return entries.body.data[0].activityId as string;
      });
      return { ...params, activityId };
    },
  };
/** Bodies that use up what they name: completing an upload needs an upload of the caller's own. */
export const FRESH_BODY: Partial<Record<RouteName, (team: TeamData, token: string) => Promise<unknown>>> = {
  // An answer of the fresh group FRESH made.
  mergeDuplicates: async () => ({ keepAnswerId: lastHealthGroup?.answerIds[0] }),
  resolveConflict: async () => ({ keepAnswerId: lastHealthGroup?.answerIds[0], reason: 'Outdated policy' }),
  // The quiz's current version, so the save is not refused as stale.
  saveQuiz: async (team) => {
    const current = await api.as(team.owner.token).call('getQuiz', { params: { quizId: team.quizId } });
    return { ...VENDOR_REVIEW, version: current.body.data.version };
  },
  // The document's current version, so the update is not refused as stale.
  updateDocument: async (team) => {
    const all = await api.as(team.owner.token).call('listAllDocuments');
    const current = (all.body.data as Array<{ documentId: string; version: number }>).find(
      (d) => d.documentId === team.documentId,
    );
    return { version: current?.version ?? 1, documentName: team.documentName };
  },
  // The source FRESH.compareSourceVersion just configured (params are made first).
  compareSourceVersion: async () => ({ previousSourceId: lastPreviousSource }),
  // The draft FRESH.reviewDrafts just wrote (params are made first).
  reviewDrafts: async () => ({ questionIds: [lastDraft], decision: 'ACCEPT' }),
  // An empty question of the team's project, answered from the team's library answer.
  useAutofillCandidate: async (team) => {
    const { questionId } = await freshQuestion(team);
    return { questionId, answerId: team.answerId };
  },
  // A candidate written as the library's reaction writes it (a question saved with Include in Library).
  updateCandidates: async (team) => {
    const questionId = newQuestionId();
    await putCandidate({
      teamId: team.owner.teamId as string,
      questionId,
      projectId: team.projectId,
      question: 'Is customer data encrypted at rest?',
      answer: 'Yes: AES-256, keys in a managed KMS.',
      authorId: team.owner.userId,
    });
    return { questionIds: [questionId], newStatus: 'DISCARD' };
  },
  completeSource: async (team, token) => ({
    projectSourceId: await uploadSource(api.as(token), team.projectId, 'fresh.csv', SWEEP_CSV),
  }),
  // An open finding written as the consistency check writes it.
  dismissFinding: async (team) => {
    const findingId = randomUUID().replaceAll('-', '');
    const key = { teamId: team.owner.teamId as string, projectId: team.projectId };
    const side = { questionId: team.questionId, question: team.questionText, phrase: 'MFA is optional' };
    await saveCheck(
      { ...key, checkedAt: new Date().toISOString(), openCount: 1 },
      [
        {
          ...key,
          findingId,
          kind: 'PAIR',
          concept: 'Multi-factor authentication',
          a: side,
          b: side,
          answersKey: 'sweep',
          status: 'OPEN',
        },
      ],
      [],
    );
    return { findingId, reason: 'Different systems: both answers are right.' };
  },
};
export const freshParamsFor = async (route: RouteEntry, team: TeamData, token?: string) =>
  (await FRESH[route.name]?.(team, token)) ?? paramsFor(route, team);

export const paramsSchemaOf = (route: RouteEntry) =>
  route.params ?? z.object(Object.fromEntries(pathParams(route.path).map((name) => [name, Id])));

// ---------------------------------------------------------------------------------------------
// Sending requests exactly as given, and judging the answers.
// ---------------------------------------------------------------------------------------------

export interface SweepRequest {
  method: string;
  /** Path parameters already encoded (or deliberately not). */
  path: string;
  query?: Array<[string, string]>;
  /** JSON text, or any text, or bytes. */
  body?: string | Uint8Array;
  /** Defaults to application/json when there is a body; null sends none. */
  contentType?: string | null;
  token?: string;
  kind?: string;
}
interface Answer {
  status: number;
  text: string;
  json: unknown;
}

export const tally = {
  routes: new Set<string>(),
  inputs: 0,
  /** Of those, sent in-process to the gateway's dispatch (see send's `inProcess`). */
  inProcess: 0,
  serverErrors: 0,
  /** Bad inputs sent to each route by the bad-input sweep. */
  perRoute: new Map<string, number>(),
};
/** The fewest bad inputs any route is sent (issue: at least 200 per route). */
export const MIN_INPUTS_PER_ROUTE = 200;

export const encodeParams = (path: string, params: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]));

/** The api-key routes (the public analytics API), by method and path. */
export const API_KEY_ROUTES = new Set(
  routeList.filter((r) => r.auth === 'api-key').map((r) => `${r.method} ${r.path}`),
);
/** The SCIM routes (the team's identity provider), by method and path. */
export const SCIM_ROUTES = new Set(
  routeList.filter((r) => r.auth === 'scim').map((r) => `${r.method} ${r.path}`),
);

const teamKeys = new Map<string, Promise<Record<string, string>>>();
/**
 * The public API's headers for the team of the person a token is for: the key its owner generated,
 * kept while it is current (a new key revokes the one requests in flight carry), or credentials
 * that name no team for someone without one. `stale` (the headers a 401 answered) is replaced by a
 * new key once, however many requests saw it fail. The sweeps raise the per-client rate limit
 * (API_CALLS_PER_MINUTE) and the wrong-key lock (API_FAILED_KEY_ATTEMPTS) so their hundreds of
 * valid calls are judged, not refused; insights.test.ts covers both.
 */
function apiKeyHeaders(
  token: string,
  stale?: Promise<Record<string, string>>,
  kind: 'api-key' | 'scim' = 'api-key',
) {
  const cache = kind === 'scim' ? scimTokens : teamKeys;
  const current = cache.get(token);
  if (!current || current === stale) cache.set(token, generatedKeyHeaders(token, kind));
  return cache.get(token) as Promise<Record<string, string>>;
}
/** The team's SCIM token as a bearer token, kept and replaced like the API keys above. */
const scimTokens = new Map<string, Promise<Record<string, string>>>();
const NO_TEAM: Record<'api-key' | 'scim', Record<string, string>> = {
  'api-key': { client_id: 'client_nobody', client_secret: 'not-a-key' },
  scim: { authorization: 'Bearer scim_not-a-token.nobody' },
};
async function generatedKeyHeaders(token: string, kind: 'api-key' | 'scim'): Promise<Record<string, string>> {
  const team = [home, victim].find(
    (t) => t && [t.owner, t.member, ...Object.values(holders)].some((p) => p?.token === token),
  );
  const owner = team?.owner ?? (intruder?.token === token ? intruder : undefined);
  if (!owner?.teamId) return NO_TEAM[kind];
  if (kind === 'scim') {
    const generated = await api.as(owner.token).call('generateScimToken');
    if (generated.status !== 200) throw new Error(`generateScimToken answered ${generated.status}`);
    return { authorization: `Bearer ${generated.body.data.token}` };
  }
  const generated = await api.as(owner.token).call('generateApiKey');
  if (generated.status !== 200) throw new Error(`generateApiKey answered ${generated.status}`);
  return { client_id: generated.body.data.clientId, client_secret: generated.body.data.apiKey };
}

/**
 * Sends a request as a client would, over HTTP through the local gateway; with `inProcess`, hands
 * it to the same gateway's dispatch in-process instead (the route match, the authorizer, the API
 * Gateway event and the group's real handler with its middy pipeline, without the HTTP round trip):
 * the bad-input sweep sends the first HTTP_INPUTS_PER_ROUTE of each route over HTTP and the rest so.
 */
export async function send(request: SweepRequest, inProcess = false): Promise<Answer> {
  const query = request.query ? new URLSearchParams(request.query).toString() : '';
  let headers: Record<string, string> = {};
  const route = routeList.find(
    (r) =>
      r.method === request.method &&
      new RegExp(`^${r.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(request.path.split('?')[0]),
  );
  const signature = route ? `${route.method} ${route.path}` : '';
  const kind = API_KEY_ROUTES.has(signature) ? 'api-key' : SCIM_ROUTES.has(signature) ? 'scim' : undefined;
  const credentials = request.token && kind ? apiKeyHeaders(request.token, undefined, kind) : undefined;
  if (credentials) headers = { ...(await credentials) };
  else if (request.token) headers.authorization = request.token;
  const contentType = request.contentType === undefined ? 'application/json' : request.contentType;
  if (request.body !== undefined && contentType) headers['content-type'] = contentType;
  // Bytes, so fetch adds no content type of its own.
  const bytes = typeof request.body === 'string' ? new TextEncoder().encode(request.body) : request.body;
  const body = bytes === undefined ? undefined : Buffer.from(bytes);
  const url = `${stack.appUrl}${request.path}${query ? `?${query}` : ''}`;
  const call = async (): Promise<{ status: number; text: string }> => {
    if (!inProcess) {
      const response = await fetch(url, { method: request.method, headers, body });
      return { status: response.status, text: await response.text() };
    }
    // As the HTTP server hands them on: header names in lower case, the body as bytes.
    const answer = await stack.invokeApi({
      method: request.method,
      url: new URL(url),
      headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
      body: body ?? Buffer.alloc(0),
    });
    return { status: answer.statusCode, text: answer.body };
  };
  let response = await call();
  if (credentials && kind && response.status === 401 && (await credentials) !== NO_TEAM[kind]) {
    // Another route's sweep generated a new key or token meanwhile: once more with the current one.
    headers = { ...headers, ...(await apiKeyHeaders(request.token as string, credentials, kind)) };
    response = await call();
  }
  const { text } = response;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  tally.inputs++;
  if (inProcess) tally.inProcess++;
  if (response.status >= 500) tally.serverErrors++;
  return { status: response.status, text, json };
}

const bodyText = (body: SweepRequest['body']) =>
  body === undefined ? '' : typeof body === 'string' ? body : new TextDecoder().decode(body);
export const clip = (text: string, max = 240) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
export const describeRequest = (r: SweepRequest) =>
  `${r.method} ${clip(r.path, 160)}${r.query ? `?${clip(new URLSearchParams(r.query).toString(), 160)}` : ''}` +
  `${r.kind ? ` [${r.kind}]` : ''}${r.body === undefined ? '' : ` content-type=${r.contentType === undefined ? 'application/json' : r.contentType} body=${JSON.stringify(clip(bodyText(r.body)))}`}`;

/** Error bodies are `{ message, fieldErrors? }` and nothing else. */
const StrictErrorBody = z.strictObject(ErrorBody.shape);
/** What only the server's internals would say: stack frames, file names, library and exception names. */
const INTERNALS = [
  /\bat [\w$.<>]+ \(/g,
  /\.(?:ts|js|mjs|cjs):\d+/g,
  /node_modules/g,
  /\b\w*(?:Error|Exception)\b/g,
  /\bstack\b/gi,
  /\bE(?:CONN\w+|NOENT|PIPE)\b/g,
  /dynamo|electrodb|cognito|s3rver|middy|aws-sdk/gi,
  /Cannot read propert|is not a function|is not defined|undefined is not/g,
];

/** Internal details in an error answer that the request did not itself contain. */
function internalsIn(answer: string, request: SweepRequest): string[] {
  const sent =
    `${request.path} ${JSON.stringify(request.query ?? [])} ${bodyText(request.body)}`.toLowerCase();
  const found = INTERNALS.flatMap((pattern) => [...answer.matchAll(pattern)].map((m) => m[0]));
  return [...new Set(found)].filter((m) => !sent.includes(m.toLowerCase()));
}

/** The problems with one answer: a 5xx, a malformed error body, internals, or another status than expected. */
export function judge(request: SweepRequest, answer: Answer, expected?: readonly number[]): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push('server error');
  if (expected && !expected.includes(answer.status)) problems.push(`expected ${expected.join(' or ')}`);
  if (answer.status >= 400) {
    // SCIM answers its errors as RFC 7644 says, for identity providers to read.
    if (isScimPath(request.path.split('?')[0])) {
      if (!ScimErrorBody.safeParse(answer.json).success) problems.push('error body is not a SCIM error');
    } else if (!StrictErrorBody.safeParse(answer.json).success)
      problems.push('error body is not JSON { message }');
    // SCIM's error schema URN ends in ":Error": the standard's name, not an internal one.
    const internals = internalsIn(answer.text.replaceAll(SCIM_SCHEMAS.error, ''), request);
    if (internals.length) problems.push(`internal details ${JSON.stringify(internals)}`);
  }
  return problems.length
    ? [
        `${describeRequest(request)}\n    → ${answer.status} ${clip(answer.text)}\n    ✗ ${problems.join('; ')}`,
      ]
    : [];
}

/** Requests in flight at once within one route's sweep (the stack and the tests share two cores). */
const CONCURRENCY = 4;

/** Bad inputs of each route sent over HTTP before the rest go in-process (see `send`). */
export const HTTP_INPUTS_PER_ROUTE = 20;

/** Sends every case (a few at a time) and collects every problem, so one run reports all of them. */
export async function sweepCases(
  cases: Array<{ request: SweepRequest; expected?: readonly number[] }>,
  route: string,
): Promise<string[]> {
  const before = tally.perRoute.get(route) ?? 0;
  tally.perRoute.set(route, before + cases.length);
  const problems: string[][] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < cases.length; i = next++) {
      const { request, expected } = cases[i];
      const overHttp = before + i < HTTP_INPUTS_PER_ROUTE;
      problems[i] = judge(request, await send(request, !overHttp), expected);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return problems.flat();
}

/** A per-route seed, so adding a route does not change the inputs of the others. */
export function seedFor(...parts: string[]): number {
  let hash = SEED >>> 0;
  for (const char of parts.join('|')) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619) >>> 0;
  return hash | 0;
}
export const sample = <T>(arb: fc.Arbitrary<T>, ...parts: string[]) =>
  fc.sample(arb, { seed: seedFor(...parts), numRuns: RUNS });

/** `count` of `items`, chosen by the seed for this route (a route sees a few of each fixed list per run). */
export const pick = <T>(items: readonly T[], count: number, ...parts: string[]): T[] =>
  fc.sample(fc.shuffledSubarray([...items], { minLength: count, maxLength: count }), {
    seed: seedFor(...parts),
    numRuns: 1,
  })[0];
/** Path segments every path parameter of every route is sent (besides a sample of the others). */
export const CORE_PATH_SEGMENTS = ['..', '\u0000', 'x'.repeat(200), '😀', 'a/b'];
/** Content types other than JSON (null: none); the pipeline reads JSON whatever the declared type. */
export const WRONG_CONTENT_TYPES: ReadonlyArray<string | null> = [
  'text/plain',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/x-www-form-urlencoded',
  null,
];

export const expectNoProblems = (problems: string[]) =>
  expect(problems, `${problems.length} problem(s); ${REPRODUCE}\n${problems.join('\n')}`).toEqual([]);

// ---------------------------------------------------------------------------------------------
// The people and teams.
// ---------------------------------------------------------------------------------------------

/** The swept team: its owner sends the bad input; each default role is held by one member. */
let home: TeamData | undefined;
const holders = {} as Record<RoleCode, Person>;
/** The victim of the cross-team sweep, and the attacker (the owner of another team). */
let victim: TeamData | undefined;
let intruder: Person | undefined;
/** Signed in and registered, but in no team. */
let loner: Person | undefined;

/** Puts a member, a project with a manager, a question, tags, wording, an invitation and a notification in the owner's team. */
async function seedTeam(owner: Person, label: string): Promise<TeamData> {
  const { join } = people(stack, api);
  const member = await join(owner, `member.${label}@sweep.test`, 'ROLE_MEMBER', {
    givenName: 'Mel',
    lastName: 'Member',
  });
  const as = api.as(owner.token);
  const ok = <T extends { status: number; body: any }>(what: string, response: T) => {
    if (response.status !== 200)
      throw new Error(`${what} answered ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.data;
  };

  const projectName = `Secret project ${label} 7f3a`;
  const { projectId } = ok('createProject', await as.call('createProject', { body: { name: projectName } }));
  const questionText = `Secret question ${label} 7f3a: is data encrypted at rest?`;
  const knownTag = `known-${label}`;
  const secretTag = `secret-${label}-7f3a`;
  const wording = `Secret wording ${label} 7f3a`;
  // Independent records in parallel; changes to the project itself one after the other.
  const [, question, , { membership, invited }] = await Promise.all([
    (async () => {
      const body = { salesManagerUserId: member.userId };
      ok('updateProject', await as.call('updateProject', { params: { projectId }, body }));
      const overrides = { [projectId]: { compliant: wording } };
      ok(
        'updateComplianceOverrides',
        await as.call('updateComplianceOverrides', { params: { projectId }, body: { overrides } }),
      );
    })(),
    as.call('addQuestion', { params: { projectId }, body: { question: questionText } }),
    (async () => {
      for (const tagLabel of [knownTag, secretTag]) {
        ok('addTag', await as.call('addTag', { params: { resourceId: projectId }, body: { tagLabel } }));
      }
    })(),
    (async () => {
      const memberships = ok('listAllMembers', await as.call('listAllMembers')) as Array<{
        membershipId: string;
        userId: string | null;
        groupId: string;
        roleId: string;
      }>;
      const found = memberships.find((m) => m.userId === member.userId)!;
      const { groupId, roleId } = found;
      const emailAddress = `pending.${label}@sweep.test`;
      const invitation = ok(
        'inviteMember',
        await as.call('inviteMember', { body: { emailAddress, groupId, roleId } }),
      );
      return { membership: found, invited: invitation };
    })(),
  ]);
  const { questionId } = ok('addQuestion', question);
  const answerText = `Secret library answer ${label} 7f3a: keys rotate yearly.`;
  const imported = ok(
    'importAnswers',
    await as.call('importAnswers', {
      body: { items: [{ question: `Secret library question ${label} 7f3a?`, answer: answerText }] },
    }),
  );
  const termDefinition = `Secret definition ${label} 7f3a`;
  const term = ok(
    'createTerm',
    await as.call('createTerm', { body: { term: `Secret term ${label}`, definition: termDefinition } }),
  );
  const documentName = `Secret evidence ${label} 7f3a`;
  const documentId = await addDocument(
    as,
    { fileName: 'Secret evidence 7f3a.pdf', documentName },
    { projectId },
  );
  ok(
    'attachQuestionDocument',
    await as.call('attachQuestionDocument', { params: { projectId, questionId }, body: { documentId } }),
  );
  const { exportId } = ok(
    'startInsightsExport',
    await as.call('startInsightsExport', { body: { complianceStatusList: 'COMPLIANT' } }),
  );
  const webhook = ok(
    'createWebhook',
    await as.call('createWebhook', {
      body: {
        url: `http://127.0.0.1:9/hooks/${label}-7f3a`,
        events: ['project.created'],
        description: `Secret webhook ${label} 7f3a`,
      },
    }),
  );
  const delivery = ok(
    'sendTestWebhook',
    await as.call('sendTestWebhook', { params: { webhookId: webhook.webhookId } }),
  );
  const collection = ok(
    'createCollection',
    await as.call('createCollection', { body: { collectionName: `Secret collection ${label} 7f3a` } }),
  );
  const { quizId, quizInviteId } = await answeredQuiz(api, owner, member, owner);
  const [csv, word] = await Promise.all([
    importSource(as, projectId, 'Secret questionnaire 7f3a.csv', SWEEP_CSV),
    importSource(
      as,
      projectId,
      'Secret questionnaire 7f3a.docx',
      (await buildQuestionnaireDocx({ paragraphs: 2, tableRows: 1 })).bytes,
    ),
  ]);
  const activityId = await eventually(async () => {
    const entries = ok(
      'listQuestionHistory',
      await as.call('listQuestionHistory', { params: { projectId, questionId } }),
    ) as Array<{ activityId: string }>;
    if (!entries.length) throw new Error(`no history entry for the question of ${label} yet`);
    return entries[0].activityId;
  });
  const notificationId = await eventually(async () => {
    const notifications = ok('listNotifications', await as.call('listNotifications')) as Array<{
      notificationId: string;
    }>;
    if (!notifications.length) throw new Error(`no notification for the owner of ${label} yet`);
    return notifications[0].notificationId;
  });
  return {
    owner,
    member,
    projectId,
    projectName,
    questionId,
    questionText,
    activityId,
    knownTag,
    secretTag,
    wording,
    membershipId: membership.membershipId,
    invitationId: invited.membershipId,
    notificationId,
    groupId: membership.groupId,
    projectSourceId: csv.projectSourceId,
    sheetId: csv.sheets[0].sheetId,
    documentSourceId: word.projectSourceId,
    roleId: membership.roleId,
    answerId: imported.answerIds[0],
    answerText,
    collectionId: collection.collectionId,
    termId: term.termId,
    termDefinition,
    documentId,
    documentName,
    exportId,
    quizId,
    quizInviteId,
    webhookId: webhook.webhookId,
    deliveryId: delivery.deliveryId,
  };
}

/** Who a sweep file needs; only these are registered and seeded. */
export interface SweepNeeds {
  /** The swept team (seeded): its owner sends the bad input. */
  home?: boolean;
  /** A member of the home team for each other default role (admin, manager, viewer): needs home. */
  holders?: boolean;
  /** Another seeded team, whose real ids the cross-team sweep sends. */
  victim?: boolean;
  /** The owner of a third team (without data), who sends them. */
  intruder?: boolean;
  /** Signed in and registered, but in no team. */
  loner?: boolean;
}

/** A started stack and the people a sweep file asked for (reading one it did not ask for throws). */
export interface Sweep {
  stack: TestStack;
  api: ApiClient;
  home: TeamData;
  /** Each default role, held by one member of the home team (its owner and its member included). */
  holders: Record<RoleCode, Person>;
  victim: TeamData;
  intruder: Person;
  loner: Person;
}

const seeded = <T>(what: keyof SweepNeeds, value: T | undefined): T => {
  if (value === undefined) throw new Error(`${what} was not set up: pass { ${what}: true } to startSweep`);
  return value;
};

/**
 * Starts this test file's own stack (stopped by `resources`) and sets up what the file needs. Call
 * it once per file, in beforeAll (with a hook timeout of 180 s). Files of a worker share this
 * module (the stack tiers run without isolation), so it starts this module's state afresh; the
 * environment it changes is put back when the stack stops (test/support/local-stack.ts).
 */
export async function startSweep(resources: Resources, needs: SweepNeeds): Promise<Sweep> {
  // A worker runs its files one after another in one module graph: this file counts from zero.
  Object.assign(tally, { inputs: 0, inProcess: 0, serverErrors: 0 });
  tally.routes.clear();
  tally.perRoute.clear();
  teamKeys.clear();
  [home, victim, intruder, loner] = [undefined, undefined, undefined, undefined];
  stack = await resources.start(startTestStack({ seed: false }), (s) => s.stop());
  // Set once the stack is up, so its stop puts them back for the worker's next file.
  process.env.API_CALLS_PER_MINUTE = '1000000';
  // A key regenerated by one route's sweep fails requests still in flight with the old one: those
  // are not an attack, so they must not lock the client id (insights.test.ts covers the lock).
  process.env.API_FAILED_KEY_ATTEMPTS = '1000000';
  // Tens of thousands of requests: their one-line INFO logs would be megabytes nobody reads.
  const level = logger.getLevelName();
  logger.setLogLevel('WARN');
  resources.add(() => logger.setLogLevel(level));
  api = client(stack);
  const { register, join } = people(stack, api);
  const owner = { givenName: 'Olive', lastName: 'Owner' };
  const [homeOwner, victimOwner] = await Promise.all([
    needs.home || needs.holders ? register('owner.home@sweep.test', 'Sweep home', owner) : undefined,
    needs.victim ? register('owner.victim@sweep.test', 'Sweep victim', owner) : undefined,
    needs.intruder && register('intruder@sweep.test', 'Intruders').then((person) => (intruder = person)),
    needs.loner && register('loner@sweep.test').then((person) => (loner = person)),
  ]);
  const otherRoles = ['ROLE_ADMIN', 'ROLE_MANAGER', 'ROLE_VIEWER'] as const;
  const [seededHome, seededVictim, ...joined] = await Promise.all([
    homeOwner && seedTeam(homeOwner, 'home'),
    victimOwner && seedTeam(victimOwner, 'victim'),
    ...(homeOwner && needs.holders
      ? otherRoles.map((code) => join(homeOwner, `${code.toLowerCase()}@sweep.test`, code))
      : []),
  ]);
  [home, victim] = [seededHome, seededVictim];
  if (home && needs.holders) {
    holders.ROLE_ADMIN_TEAM_OWNER = home.owner;
    holders.ROLE_MEMBER = home.member;
    otherRoles.forEach((code, i) => {
      holders[code] = joined[i] as Person;
    });
  }
  return {
    stack,
    api,
    get home() {
      return seeded('home', home);
    },
    get holders() {
      return seeded('holders', needs.holders ? holders : undefined);
    },
    get victim() {
      return seeded('victim', victim);
    },
    get intruder() {
      return seeded('intruder', intruder);
    },
    get loner() {
      return seeded('loner', loner);
    },
  };
}

/**
 * A sweep file's set-up: its stack with what it `needs`, started before its tests and stopped after
 * them, when it prints `countsLine()`. Answers the sweep (usable from the tests on) and the file's
 * resources, for anything more the file starts.
 */
export function sweepFile(
  needs: SweepNeeds,
  countsLineOf: () => string,
): { sweep: Sweep; resources: Resources } {
  const resources = new Resources();
  let started: Sweep | undefined;
  beforeAll(async () => {
    started = await startSweep(resources, needs);
  }, 180_000);
  afterAll(async () => {
    console.log(countsLineOf());
    await resources.stopAll();
  });
  const sweep = new Proxy({} as Sweep, {
    get: (_, key) => {
      if (!started) throw new Error('The sweep is used before its beforeAll started it');
      return started[key as keyof Sweep];
    },
  });
  return { sweep, resources };
}

/** The counts line a sweep file prints when it ends, naming its concern. */
export function countsLine(concern: string): string {
  const perRoute = tally.perRoute.size
    ? ` (bad inputs per route: at least ${Math.min(...tally.perRoute.values())})`
    : '';
  return (
    `route sweeps (${concern}): ${tally.routes.size} routes swept, ${tally.inputs} inputs sent${perRoute}` +
    `${tally.inProcess ? `, ${tally.inputs - tally.inProcess} over HTTP and ${tally.inProcess} in-process` : ''}, ` +
    `${tally.serverErrors} responses ≥ 500 (${REPRODUCE})`
  );
}

export const bodyRoutes = routeList.filter((r) => r.body);
export const queryRoutes = routeList.filter((r) => r.query);
export const paramRoutes = routeList.filter((r) => pathParams(r.path).length > 0);
export const permissionRoutes = routeList.filter((r) => r.permission);
export const teamRoutes = routeList.filter((r) => r.team || r.permission);
export const names = (list: RouteEntry[]) => list.map((r) => r.name);

/**
 * The bad-input sweep is two files that run side by side, each sweeping every kind of bad input
 * for half the route table: the even-numbered routes and the odd-numbered ones. A route is swept
 * whole in one file (its top-up counts that file's inputs to the route), so each file's check that
 * every one of its routes got at least MIN_INPUTS_PER_ROUTE bad inputs is the one check of the
 * whole table, and 'route table coverage' checks that the halves share out every route once.
 */
export const BAD_INPUT_HALVES = [0, 1].map((half) => routeList.filter((_, i) => i % 2 === half));
