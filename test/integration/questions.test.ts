/**
 * Questions end to end through the local gateway (issue 12): the list a page at a time with the
 * caller's mentions, one question, unassign, complete, Clear Response, delete (manual only) and
 * Not a Question (imported only), assignment notifications and e-mail, QUESTION_UPDATED, the answer
 * history and restoring from it, permissions and PRIVATE projects, and 50 concurrent saves of one
 * question by different members losing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, newQuestionId } from '../../functions/common/entities';
import { HEADER_SESSION_ID } from '../../shared/constants';
import { type ApiClient, client } from '../support/api-client';
import { eventually } from '../support/eventually';
import { connectLiveSocket } from '../support/live-socket';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type Person, people } from '../support/people';
import { Resources } from '../support/resources';

const resources = new Resources();
let stack: TestStack;
let api: ApiClient;
let admin: Person; // team owner: every permission
let manager: Person; // ROLE_MANAGER
let member: Person; // ROLE_MEMBER: answers, adds and deletes questions
let viewer: Person; // ROLE_VIEWER: reads only
let outsider: Person; // owner of another team
/** More members, so concurrent saves come from many people. */
let crowd: Person[] = [];

const as = (person: Person) => api.as(person.token);
const NOT_FOUND = { status: 404, body: { message: 'That question no longer exists' } };

interface StoredEmail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
}
async function mailTo(address: string): Promise<StoredEmail[]> {
  const store = (await (await fetch(`${stack.mailUrl}/store`)).json()) as { emails: StoredEmail[] };
  return store.emails.filter((e) => e.destination.to.some((to) => to.includes(address)));
}

async function createProject(person: Person, name: string) {
  const response = await as(person).call('createProject', { body: { name } });
  expect(response.status).toBe(200);
  return response.body.data as { projectId: string; version: number; name: string };
}

async function addQuestion(person: Person, projectId: string, question: string) {
  const response = await as(person).call('addQuestion', { params: { projectId }, body: { question } });
  expect(response.status).toBe(200);
  return response.body.data as { questionId: string; version: number };
}

/** An imported question, written as the import writes it. */
async function importQuestion(projectId: string, question: string, extra: Record<string, unknown> = {}) {
  const { data } = await db()
    .entities.question.create({
      teamId: admin.teamId as string,
      projectId,
      questionId: newQuestionId(),
      question,
      creationType: 'IMPORTED',
      createdByUserId: admin.userId,
      updatedByUserId: admin.userId,
      ...extra,
    })
    .go();
  return data;
}

const history = async (person: Person, projectId: string, questionId: string) => {
  const response = await as(person).call('listQuestionHistory', { params: { projectId, questionId } });
  expect(response.status).toBe(200);
  return response.body.data as Array<{
    activityId: string;
    version: number;
    createdByUserId?: string;
    updatedAt: string;
    changes: Array<{ field: string; before?: unknown; after?: unknown }>;
  }>;
};

/** The CHANGE entries' descriptions, newest first, read straight from the table. */
async function descriptions(projectId: string, questionId: string) {
  const { data } = await db()
    .entities.questionActivity.query.primary({ teamId: admin.teamId as string, projectId, questionId })
    .go({ pages: 'all' });
  return data
    .filter((e) => e.kind === 'CHANGE')
    .sort((a, b) => (b.version ?? 0) - (a.version ?? 0))
    .map((e) => e.activityDescription);
}

beforeAll(async () => {
  stack = await resources.start(startTestStack({ seed: false }), (s) => s.stop());
  api = client(stack);
  const { register, join } = people(stack, api);
  admin = await register('ada@initech.test', 'Initech Security', { givenName: 'Ada', lastName: 'Admin' });
  [manager, member, viewer, outsider] = await Promise.all([
    join(admin, 'max@initech.test', 'ROLE_MANAGER', { givenName: 'Max', lastName: 'Manager' }),
    join(admin, 'mia@initech.test', 'ROLE_MEMBER', { givenName: 'Mia', lastName: 'Member' }),
    join(admin, 'vic@initech.test', 'ROLE_VIEWER', { givenName: 'Vic', lastName: 'Viewer' }),
    register('olly@contoso.test', 'Contoso'),
  ]);
  crowd = await Promise.all(
    [1, 2, 3, 4, 5].map((n) =>
      join(admin, `writer${n}@initech.test`, 'ROLE_MEMBER', { givenName: `Writer${n}`, lastName: 'Crowd' }),
    ),
  );
}, 180_000);
afterAll(() => resources.stopAll());

describe('list, a page at a time', () => {
  it('pages 1,200 questions in order, leaves out deleted and unlinked ones, marks the caller’s mentions', async () => {
    // Prepare: 1,200 imported questions (3 deleted, 1 unlinked), the member mentioned on two.
    const { projectId } = await createProject(manager, 'Umbrella Corp Vendor Questionnaire');
    const watcher = await connectLiveSocket(stack.appUrl, admin.token, 'admin-watching-import');
    resources.add(() => watcher.socket.close());
    watcher.socket.send(JSON.stringify({ action: 'subscribe', scope: { kind: 'project', id: projectId } }));
    await watcher.waitFor((m) => m.eventName === 'WS-SUBSCRIBED');
    const at = Date.now();
    const questions = Array.from({ length: 1200 }, (_, i) => ({
      teamId: admin.teamId as string,
      projectId,
      questionId: newQuestionId(at, i),
      question: `Imported question number ${i}`,
      creationType: 'IMPORTED' as const,
      createdByUserId: admin.userId,
      updatedByUserId: admin.userId,
      ...(i % 400 === 7 ? { deletedAt: new Date(at).toISOString() } : {}),
      ...(i === 100 ? { isLinked: false } : {}),
    }));
    await db().entities.question.put(questions).go({ concurrent: 4 });
    const counted = questions.filter((_, i) => i % 400 !== 7 && i !== 100).map((q) => q.questionId);
    const mentioned = [counted[3], counted[999]];
    for (const questionId of mentioned) {
      await db()
        .entities.questionMention.create({
          teamId: admin.teamId as string,
          projectId,
          userId: member.userId,
          questionId,
        })
        .go();
    }
    // Act
    const pages: Array<{
      items: Array<{ questionId: string; loggedInUserMentioned?: boolean }>;
      cursor: string | null;
    }> = [];
    let cursor: string | undefined;
    do {
      const page = await as(member).call('listQuestions', {
        params: { projectId },
        query: { limit: 500, ...(cursor ? { cursor } : {}) },
      });
      expect(page.status).toBe(200);
      pages.push(page.body.data);
      cursor = page.body.data.cursor ?? undefined;
    } while (cursor && pages.length < 10);
    const byDefault = await as(admin).call('listQuestions', { params: { projectId } });
    const small = await as(admin).call('listQuestions', { params: { projectId }, query: { limit: 7 } });
    // Assess
    expect(pages.map((p) => p.items.length)).toEqual([500, 500, 196]);
    expect(pages.at(-1)?.cursor).toBeNull();
    const items = pages.flatMap((p) => p.items);
    expect(items.map((q) => q.questionId)).toEqual(counted);
    expect(items.filter((q) => q.loggedInUserMentioned).map((q) => q.questionId)).toEqual(mentioned);
    expect(items.every((q) => typeof q.loggedInUserMentioned === 'boolean')).toBe(true);
    expect(byDefault.body.data.items).toHaveLength(500);
    expect(
      byDefault.body.data.items.some((q: { loggedInUserMentioned: boolean }) => q.loggedInUserMentioned),
    ).toBe(false);
    expect(small.body.data.items.map((q: { questionId: string }) => q.questionId)).toEqual(
      counted.slice(0, 7),
    );
    const one = await as(member).call('getQuestion', { params: { projectId, questionId: mentioned[1] } });
    expect(one.body.data).toMatchObject({ questionId: mentioned[1], loggedInUserMentioned: true });
    const other = await as(member).call('getQuestion', { params: { projectId, questionId: counted[0] } });
    expect(other.body.data.loggedInUserMentioned).toBe(false);
    // An import's thousands of new questions are announced by PROJECT_UPDATED, not one event each.
    await stack.settle();
    await watcher.waitFor((m) => m.eventName === 'PROJECT_UPDATED' && m.data.projectId === projectId);
    expect(watcher.received.filter((m) => m.eventName === 'QUESTION_UPDATED')).toEqual([]);
    await eventually(async () => {
      const dashboard = (await as(manager).call('getProjectDashboard', { params: { projectId } })).body.data;
      expect(dashboard.totalQuestions).toBe(1196);
    });
  }, 240_000);

  it('refuses forged cursors, cursors of another project and limits out of range', async () => {
    // Prepare
    const { projectId } = await createProject(manager, 'Cursor Forgery Project');
    const other = await createProject(manager, 'Another Cursor Project');
    for (let i = 0; i < 3; i++) await addQuestion(member, projectId, `Question number ${i} of this project`);
    await addQuestion(member, other.projectId, 'Question of the other project');
    const first = await as(member).call('listQuestions', { params: { projectId }, query: { limit: 2 } });
    const realCursor = first.body.data.cursor as string;
    const decoded = JSON.parse(Buffer.from(realCursor, 'base64url').toString('utf8'));
    const forged = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
    // Act
    const next = await as(member).call('listQuestions', {
      params: { projectId },
      query: { limit: 2, cursor: realCursor },
    });
    const answers = await Promise.all(
      [
        'not-a-cursor',
        forged({ pk: decoded.pk.replace(projectId, other.projectId), sk: decoded.sk }),
        forged({ pk: decoded.pk, sk: 'ACTIVITY#x' }),
        forged({ ...decoded, extra: 1 }),
        forged([1, 2]),
      ].map((cursor) => as(member).call('listQuestions', { params: { projectId }, query: { cursor } })),
    );
    const onOther = await as(member).call('listQuestions', {
      params: { projectId: other.projectId },
      query: { cursor: realCursor },
    });
    const tooMany = await as(member).call('listQuestions', { params: { projectId }, query: { limit: 1001 } });
    const none = await as(member).call('listQuestions', { params: { projectId }, query: { limit: 0 } });
    // Assess
    expect(first.body.data.items).toHaveLength(2);
    expect(next.body.data.items).toHaveLength(1);
    expect(next.body.data.cursor).toBeNull();
    for (const answer of [...answers, onOther]) {
      expect(answer.status).toBe(400);
      expect(answer.body.fieldErrors).toEqual({ cursor: ['This page link is no longer valid'] });
    }
    expect(tooMany.status).toBe(400);
    expect(none.status).toBe(400);
  });
});

describe('one question', () => {
  it('reads a question, and answers 404 for missing, deleted and unlinked ones', async () => {
    // Prepare
    const { projectId } = await createProject(manager, 'Soylent Questionnaire');
    const { questionId } = await addQuestion(member, projectId, 'Do you run background checks on staff?');
    const unlinked = await importQuestion(projectId, 'Imported row that is a heading', { isLinked: false });
    const deleted = await addQuestion(member, projectId, 'A question that will be deleted soon');
    await as(member).call('deleteQuestion', { params: { projectId, questionId: deleted.questionId } });
    // Act
    const read = await as(viewer).call('getQuestion', { params: { projectId, questionId } });
    const answers = await Promise.all(
      ['no-such-question', unlinked.questionId, deleted.questionId].map((id) =>
        as(member).call('getQuestion', { params: { projectId, questionId: id } }),
      ),
    );
    // Assess
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      questionId,
      projectId,
      question: 'Do you run background checks on staff?',
      answer: '',
      responseStatus: 'INCOMPLETE',
      responseClassification: 'INCOMPLETE',
      creationType: 'MANUAL',
      isLinked: true,
      version: 1,
      loggedInUserMentioned: false,
    });
    expect(answers).toEqual([NOT_FOUND, NOT_FOUND, NOT_FOUND]);
  });
});

describe('unassign, complete, Clear Response', () => {
  it('unassigns and completes through the one update, and the dashboard follows', async () => {
    // Prepare
    const { projectId } = await createProject(manager, 'Cyberdyne Security Review');
    const { questionId } = await addQuestion(member, projectId, 'Is there a documented patching policy?');
    const assigned = await as(member).call('updateQuestion', {
      params: { projectId, questionId },
      body: { assignedToUserId: member.userId, version: 1 },
    });
    expect(assigned.body.data.assignedToUserId).toBe(member.userId);
    // Act
    const completed = await as(member).call('completeQuestion', { params: { projectId, questionId } });
    await eventually(async () => {
      const dashboard = (await as(manager).call('getProjectDashboard', { params: { projectId } })).body.data;
      expect(dashboard.questionAssignments).toEqual([
        expect.objectContaining({
          userId: member.userId,
          assignedQuestionsCount: 1,
          completedQuestionsCount: 1,
        }),
      ]);
    });
    const unassigned = await as(member).call('unassignQuestion', { params: { projectId, questionId } });
    // Assess
    expect(completed.status).toBe(200);
    expect(completed.body.data).toMatchObject({ responseStatus: 'COMPLETE', version: 3 });
    expect(unassigned.status).toBe(200);
    expect(unassigned.body.data.assignedToUserId).toBeUndefined();
    expect(unassigned.body.data).toMatchObject({ responseStatus: 'COMPLETE', version: 4 });
    await eventually(async () => {
      const dashboard = (await as(manager).call('getProjectDashboard', { params: { projectId } })).body.data;
      expect(dashboard.questionAssignments).toEqual([
        expect.objectContaining({ userId: null, assignedQuestionsCount: 1, completedQuestionsCount: 1 }),
      ]);
    });
    await eventually(async () =>
      expect((await descriptions(projectId, questionId)).slice(0, 3)).toEqual([
        `{user:${member.userId}} unassigned this question`,
        `{user:${member.userId}} marked this question Complete`,
        `{user:${member.userId}} assigned this question to {user:${member.userId}}`,
      ]),
    );
  });

  it('clears a response: an explicit INCOMPLETE status wins over the in-progress rule', async () => {
    // Prepare
    const { projectId } = await createProject(manager, 'Hooli Assessment');
    const { questionId } = await addQuestion(member, projectId, 'Are production secrets kept in a vault?');
    const answered = await as(member).call('updateQuestion', {
      params: { projectId, questionId },
      body: {
        answer: 'Yes, in a managed vault.',
        responseClassification: 'COMPLIANT',
        includeInLibrary: true,
      },
    });
    expect(answered.body.data.responseStatus).toBe('IN-PROGRESS');
    // Act
    const cleared = await as(member).call('updateQuestion', {
      params: { projectId, questionId },
      body: {
        answer: '',
        responseClassification: 'INCOMPLETE',
        includeInLibrary: false,
        responseStatus: 'INCOMPLETE',
        version: answered.body.data.version,
      },
    });
    // Assess
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({
      answer: '',
      responseClassification: 'INCOMPLETE',
      includeInLibrary: false,
      responseStatus: 'INCOMPLETE',
    });
    await eventually(async () =>
      expect((await descriptions(projectId, questionId))[0]).toBe(
        `{user:${member.userId}} cleared the response`,
      ),
    );
  });
});

describe('delete and Not a Question', () => {
  it('deletes only manual questions and unlinks only imported ones; both stop counting everywhere', async () => {
    // Prepare
    const { projectId } = await createProject(manager, 'Stark Industries Due Diligence');
    const manual = await addQuestion(member, projectId, 'Do you keep an asset inventory?');
    const imported = await importQuestion(projectId, 'Do you classify information assets?');
    const keep = await addQuestion(member, projectId, 'Is there a disaster recovery site?');
    await eventually(async () => {
      const dashboard = (await as(manager).call('getProjectDashboard', { params: { projectId } })).body.data;
      expect(dashboard.totalQuestions).toBe(3);
    });
    const of = (q: { questionId: string }) => ({ params: { projectId, questionId: q.questionId } });
    // Act
    const wrongDelete = await as(member).call('deleteQuestion', of(imported));
    const wrongUnlink = await as(member).call('markNotAQuestion', of(manual));
    const viewerDelete = await as(viewer).call('deleteQuestion', of(manual));
    const viewerUnlink = await as(viewer).call('markNotAQuestion', of(imported));
    const deleted = await as(member).call('deleteQuestion', of(manual));
    const unlinked = await as(member).call('markNotAQuestion', of(imported));
    // Assess
    expect(wrongDelete).toEqual({
      status: 400,
      body: { message: 'Only questions added by hand can be deleted' },
    });
    expect(wrongUnlink).toEqual({
      status: 400,
      body: { message: 'Only imported questions can be marked as not a question' },
    });
    expect([viewerDelete.status, viewerUnlink.status]).toEqual([403, 403]);
    expect(deleted).toEqual({ status: 200, body: { data: { ok: true } } });
    expect(unlinked).toEqual({ status: 200, body: { data: { ok: true } } });
    const { data: stored } = await db()
      .entities.question.get({ teamId: admin.teamId as string, projectId, questionId: manual.questionId })
      .go();
    expect(stored?.deletedAt).toEqual(expect.any(String));
    const listed = (await as(member).call('listQuestions', { params: { projectId } })).body.data.items;
    expect(listed.map((q: { questionId: string }) => q.questionId)).toEqual([keep.questionId]);
    for (const gone of [manual, imported]) {
      expect(await as(member).call('getQuestion', of(gone))).toEqual(NOT_FOUND);
      expect(await as(member).call('updateQuestion', { ...of(gone), body: { answer: 'Too late' } })).toEqual(
        NOT_FOUND,
      );
      expect(await as(member).call('completeQuestion', of(gone))).toEqual(NOT_FOUND);
    }
    expect(await as(member).call('deleteQuestion', of(manual))).toEqual(NOT_FOUND);
    expect(await as(member).call('markNotAQuestion', of(imported))).toEqual(NOT_FOUND);
    await eventually(async () => {
      const dashboard = (await as(manager).call('getProjectDashboard', { params: { projectId } })).body.data;
      expect(dashboard.totalQuestions).toBe(1);
    });
    await eventually(async () => {
      expect((await descriptions(projectId, manual.questionId))[0]).toBe(
        `{user:${member.userId}} deleted this question`,
      );
      expect((await descriptions(projectId, imported.questionId))[0]).toBe(
        `{user:${member.userId}} marked this as not a question`,
      );
    });
  });
});

describe('assignment', () => {
  it('notifies and e-mails the assignee, not the writer, and honours the e-mail setting', async () => {
    // Prepare
    const project = await createProject(manager, 'Wonka Supplier Review');
    const { projectId } = project;
    const first = await addQuestion(manager, projectId, 'Do you screen suppliers for security risks?');
    const second = await addQuestion(manager, projectId, 'Do suppliers sign confidentiality agreements?');
    const third = await addQuestion(manager, projectId, 'Is supplier access reviewed every year?');
    const [quiet] = crowd;
    const optOut = await as(quiet).call('updateUserSettings', {
      body: { sendEmailOnQuestionAssigned: false },
    });
    expect(optOut.status).toBe(200);
    const subject = `You have been assigned a question in ${project.name}`;
    // Act
    await as(manager).call('updateQuestion', {
      params: { projectId, questionId: first.questionId },
      body: { assignedToUserId: member.userId },
    });
    await as(manager).call('updateQuestion', {
      params: { projectId, questionId: second.questionId },
      body: { assignedToUserId: quiet.userId },
    });
    await as(member).call('updateQuestion', {
      params: { projectId, questionId: third.questionId },
      body: { assignedToUserId: member.userId },
    });
    await stack.settle();
    // Assess
    const notified = await eventually(async () => {
      const list = (await as(member).call('listNotifications')).body.data as Array<{
        title: string;
        description: string;
        linkReferencePath: string;
      }>;
      const mine = list.filter((n) => n.title === subject);
      expect(mine).toHaveLength(1);
      return mine[0];
    });
    expect(notified.linkReferencePath).toBe(`/Projects/${projectId}/${first.questionId}`);
    expect(notified.description).toBe(
      'Max Manager assigned you the question "Do you screen suppliers for security risks?".',
    );
    const mail = await eventually(async () => {
      const found = (await mailTo(member.email)).filter((m) => m.subject === subject);
      expect(found).toHaveLength(1);
      return found[0];
    });
    expect(mail.body.text).toContain('Do you screen suppliers for security risks?');
    expect(mail.body.text).toContain(`/Projects/${projectId}/${first.questionId}`);
    // The member who opted out is notified in the app but not e-mailed.
    const quietList = (await as(quiet).call('listNotifications')).body.data as Array<{ title: string }>;
    expect(quietList.filter((n) => n.title === subject)).toHaveLength(1);
    expect((await mailTo(quiet.email)).filter((m) => m.subject === subject)).toEqual([]);
    await eventually(async () =>
      expect((await descriptions(projectId, second.questionId))[0]).toBe(
        `{user:${manager.userId}} assigned this question to {user:${quiet.userId}}`,
      ),
    );
  });

  it('tells the project’s open screens of a save, marked as its own on the writer’s session', async () => {
    // Prepare
    const { projectId } = await createProject(manager, 'Oscorp Questionnaire');
    const { questionId } = await addQuestion(member, projectId, 'Do you log administrator actions?');
    const watching = await connectLiveSocket(stack.appUrl, admin.token, 'admin-session-q');
    const writing = await connectLiveSocket(stack.appUrl, member.token, 'member-session-q');
    resources.add(() => watching.socket.close());
    resources.add(() => writing.socket.close());
    for (const socket of [watching, writing]) {
      socket.socket.send(JSON.stringify({ action: 'subscribe', scope: { kind: 'project', id: projectId } }));
      await socket.waitFor((m) => m.eventName === 'WS-SUBSCRIBED');
    }
    // Act
    const saved = await as(member).call('updateQuestion', {
      params: { projectId, questionId },
      body: { answer: 'Yes, to a write-once store.', version: 1 },
      headers: { [HEADER_SESSION_ID]: 'member-session-q' },
    });
    // Assess
    expect(saved.status).toBe(200);
    const heard = await watching.waitFor((m) => m.eventName === 'QUESTION_UPDATED');
    expect(heard).toMatchObject({
      data: { projectId, questionId, version: 2, causedByUserId: member.userId },
      scope: { kind: 'project', id: projectId },
    });
    expect(heard.self).toBeUndefined();
    const own = await writing.waitFor((m) => m.eventName === 'QUESTION_UPDATED');
    expect(own.self).toBe(true);
  });
});

describe('history', () => {
  it('keeps every saved change newest first and restores an earlier answer as a change of its own', async () => {
    // Prepare
    const { projectId } = await createProject(manager, 'Acme History Review');
    const { questionId } = await addQuestion(member, projectId, 'How are encryption keys rotated?');
    const at = { params: { projectId, questionId } };
    await as(member).call('updateQuestion', {
      ...at,
      body: { answer: 'Yearly.', responseClassification: 'COMPLIANT', includeInLibrary: true, version: 1 },
    });
    await as(admin).call('updateQuestion', {
      ...at,
      body: { answer: 'Every 90 days.', responseClassification: 'PARTIALLY-COMPLIANT', version: 2 },
    });
    const entries = await eventually(async () => {
      const found = await history(viewer, projectId, questionId);
      expect(found).toHaveLength(3);
      return found;
    });
    // Act
    const restored = await as(member).call('restoreAnswer', {
      params: { ...at.params, activityId: entries[1].activityId },
      body: { version: 3 },
    });
    const stale = await as(admin).call('restoreAnswer', {
      params: { ...at.params, activityId: entries[2].activityId },
      body: { version: 3 },
    });
    const unknown = await as(admin).call('restoreAnswer', {
      params: { ...at.params, activityId: 'zzzzzzzzz-v99' },
      body: { version: 4 },
    });
    const forbidden = await as(viewer).call('restoreAnswer', {
      params: { ...at.params, activityId: entries[1].activityId },
      body: { version: 4 },
    });
    // Assess
    expect(entries.map((e) => e.version)).toEqual([3, 2, 1]);
    expect(entries[0]).toMatchObject({
      createdByUserId: admin.userId,
      changes: [
        { field: 'answer', before: 'Yearly.', after: 'Every 90 days.' },
        { field: 'responseClassification', before: 'COMPLIANT', after: 'PARTIALLY-COMPLIANT' },
      ],
    });
    expect(entries[1]).toMatchObject({
      createdByUserId: member.userId,
      changes: [
        { field: 'answer', after: 'Yearly.' },
        { field: 'responseClassification', before: 'INCOMPLETE', after: 'COMPLIANT' },
        { field: 'includeInLibrary', before: false, after: true },
        { field: 'responseStatus', before: 'INCOMPLETE', after: 'IN-PROGRESS' },
      ],
    });
    expect(entries[2]).toMatchObject({ version: 1, createdByUserId: member.userId, changes: [] });
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({
      answer: 'Yearly.',
      responseClassification: 'COMPLIANT',
      includeInLibrary: true,
      version: 4,
    });
    expect(stale.status).toBe(409);
    expect(unknown.status).toBe(404);
    expect(forbidden.status).toBe(403);
    const after = await eventually(async () => {
      const found = await history(member, projectId, questionId);
      expect(found).toHaveLength(4);
      return found;
    });
    expect(after[0]).toMatchObject({
      version: 4,
      createdByUserId: member.userId,
      changes: [
        { field: 'answer', before: 'Every 90 days.', after: 'Yearly.' },
        { field: 'responseClassification', before: 'PARTIALLY-COMPLIANT', after: 'COMPLIANT' },
      ],
    });
    // Restoring the first entry brings back the empty answer it started with.
    const toStart = await as(member).call('restoreAnswer', {
      params: { ...at.params, activityId: entries[2].activityId },
      body: { version: 4 },
    });
    expect(toStart.body.data).toMatchObject({
      answer: '',
      responseClassification: 'INCOMPLETE',
      includeInLibrary: false,
    });
  });

  it('keeps a PRIVATE project’s answers out of the library on restore', async () => {
    // Prepare
    const { projectId, version } = await createProject(manager, 'Initech Private History');
    const { questionId } = await addQuestion(manager, projectId, 'Is the data centre access-controlled?');
    const at = { params: { projectId, questionId } };
    await as(manager).call('updateQuestion', { ...at, body: { answer: 'Badges.', includeInLibrary: true } });
    await as(manager).call('updateQuestion', { ...at, body: { answer: 'Badges and biometrics.' } });
    const entries = await eventually(async () => {
      const found = await history(manager, projectId, questionId);
      expect(found).toHaveLength(3);
      return found;
    });
    const access = await as(manager).call('updateProjectAccess', {
      params: { projectId },
      body: { accessVisibility: 'PRIVATE', shareWith: [admin.userId], version },
    });
    expect(access.status).toBe(200);
    // Act
    const restored = await as(admin).call('restoreAnswer', {
      params: { ...at.params, activityId: entries[1].activityId },
      body: { version: 3 },
    });
    // Assess
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ answer: 'Badges.', includeInLibrary: false });
  });
});

describe('permissions and PRIVATE projects', () => {
  it('lets a viewer read but not change, and a member add', async () => {
    // Prepare
    const { projectId } = await createProject(manager, 'Permissions Project');
    const { questionId } = await addQuestion(member, projectId, 'Is multi-factor authentication enforced?');
    const at = { params: { projectId, questionId } };
    const entries = await eventually(async () => {
      const found = await history(admin, projectId, questionId);
      expect(found).toHaveLength(1);
      return found;
    });
    // Act
    const reads = [
      await as(viewer).call('listQuestions', { params: { projectId } }),
      await as(viewer).call('getQuestion', at),
      await as(viewer).call('listQuestionHistory', at),
    ];
    const writes = [
      await as(viewer).call('addQuestion', {
        params: { projectId },
        body: { question: 'A viewer cannot add this' },
      }),
      await as(viewer).call('updateQuestion', { ...at, body: { answer: 'Viewer answer' } }),
      await as(viewer).call('unassignQuestion', at),
      await as(viewer).call('completeQuestion', at),
      await as(viewer).call('deleteQuestion', at),
      await as(viewer).call('markNotAQuestion', at),
      await as(viewer).call('restoreAnswer', {
        params: { ...at.params, activityId: entries[0].activityId },
        body: { version: 1 },
      }),
    ];
    // Assess
    expect(reads.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(writes.map((r) => r.status)).toEqual(Array(writes.length).fill(403));
    expect((await as(viewer).call('getQuestion', at)).body.data.version).toBe(1);
  });

  it('answers 404 on every question route of a PRIVATE project to members not on it, and to other teams', async () => {
    // Prepare
    const { projectId, version } = await createProject(manager, 'Tyrell Private Questions');
    const manual = await addQuestion(manager, projectId, 'Is there a secure development lifecycle?');
    const imported = await importQuestion(projectId, 'Do you perform code reviews?');
    const entries = await eventually(async () => {
      const found = await history(manager, projectId, manual.questionId);
      expect(found).toHaveLength(1);
      return found;
    });
    await as(manager).call('updateProjectAccess', {
      params: { projectId },
      body: { accessVisibility: 'PRIVATE', shareWith: [admin.userId], version },
    });
    const at = { params: { projectId, questionId: manual.questionId } };
    const callsOf = (person: Person) => [
      as(person).call('listQuestions', { params: { projectId } }),
      as(person).call('addQuestion', { params: { projectId }, body: { question: 'Sneaking in a question' } }),
      as(person).call('getQuestion', at),
      as(person).call('updateQuestion', { ...at, body: { answer: 'Sneaky' } }),
      as(person).call('unassignQuestion', at),
      as(person).call('completeQuestion', at),
      as(person).call('deleteQuestion', at),
      as(person).call('markNotAQuestion', { params: { projectId, questionId: imported.questionId } }),
      as(person).call('listQuestionHistory', at),
      as(person).call('restoreAnswer', {
        params: { ...at.params, activityId: entries[0].activityId },
        body: { version: 1 },
      }),
    ];
    // Act
    const hidden = await Promise.all([...callsOf(member), ...callsOf(outsider)]);
    // Assess
    expect(hidden.map((r) => r.status)).toEqual(Array(hidden.length).fill(404));
    expect(hidden.map((r) => JSON.stringify(r.body)).join()).not.toContain('secure development');
    const seen = await as(admin).call('getQuestion', at);
    expect(seen.body.data).toMatchObject({ version: 1, responseStatus: 'INCOMPLETE' });
  });
});

describe('concurrent saves', () => {
  it('50 saves of one question by different members: each lands or gets 409, nothing is lost, one history entry per landed save', async () => {
    // Prepare
    const { projectId } = await createProject(manager, 'Concurrency Questionnaire');
    const { questionId } = await addQuestion(member, projectId, 'Describe your vulnerability management.');
    const at = { params: { projectId, questionId } };
    const writers = [admin, manager, member, ...crowd];
    // Act: ten waves of five members at once; each save reads the question, then saves with the
    // version it read. A wave starts once the one before has answered, so overlapping saves meet
    // in every wave however fast or loaded the machine is (timed starts alone let every read of a
    // slow run see the first version).
    const saves: Array<{ i: number; answer: string; status: number; version: number | undefined }> = [];
    for (let wave = 0; wave < 10; wave++) {
      const reads = await Promise.all(
        Array.from({ length: 5 }, (_, k) =>
          as(writers[(wave * 5 + k) % writers.length]).call('getQuestion', at),
        ),
      );
      saves.push(
        ...(await Promise.all(
          reads.map(async (read, k) => {
            const i = wave * 5 + k;
            const writer = writers[i % writers.length];
            const answer = `Answer ${i} by ${writer.email}`;
            const saved = await as(writer).call('updateQuestion', {
              ...at,
              body: { answer, version: read.body.data.version },
            });
            return {
              i,
              answer,
              status: saved.status,
              version: saved.body?.data?.version as number | undefined,
            };
          }),
        )),
      );
    }
    // Assess
    expect(saves.every((s) => s.status === 200 || s.status === 409)).toBe(true);
    const landed = saves.filter((s) => s.status === 200).sort((a, b) => (a.version ?? 0) - (b.version ?? 0));
    // Overlapping saves: several land, others are refused as stale.
    expect(landed.length).toBeGreaterThan(1);
    expect(landed.length).toBeLessThan(50);
    // Every landed save made exactly one new version: none overwrote another silently.
    expect(landed.map((s) => s.version)).toEqual(landed.map((_, n) => n + 2));
    const final = (await as(admin).call('getQuestion', at)).body.data;
    expect(final.version).toBe(landed.length + 1);
    expect(final.answer).toBe(landed.at(-1)?.answer);
    await eventually(
      async () => {
        const entries = await history(admin, projectId, questionId);
        const saved = entries.filter((e) => e.version > 1);
        expect(saved.map((e) => e.version).sort((a, b) => a - b)).toEqual(landed.map((s) => s.version));
        for (const entry of saved) {
          const save = landed.find((s) => s.version === entry.version)!;
          expect(entry.changes.find((c) => c.field === 'answer')?.after).toBe(save.answer);
          expect(entry.createdByUserId).toBe(writers[save.i % writers.length].userId);
        }
        expect(entries).toHaveLength(landed.length + 1);
      },
      { timeoutMs: 30_000 },
    );
  }, 120_000);
});
