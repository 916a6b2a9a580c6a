/**
 * New versions of a questionnaire end to end through the local gateway (issue 27 part 1): v1
 * imported, configured and answered; v2 (a question inserted above the others, one reworded, two
 * removed, one added at the end) uploaded as its new version; the processing job compares them; the
 * difference is reviewed, then applied by the job: answers carried over, no duplicate, removed
 * questions retired with their answers kept, the reworded one flagged with its old wording, and the
 * write-back export targets the new file. A plain re-upload of the same file is offered as a new
 * version of it, and applying it changes nothing.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/common/entities';
import { ADDED, INSERTED, REWORDED, V1, V2, versionWorkbook } from '../../scripts/fixtures/versions';
import { buildQuestionnaireDocx } from '../../scripts/fixtures/word';
import type { Question } from '../../shared/schemas/question';
import {
  type DocumentDetail,
  type SheetDetail,
  SOURCE_VERSION_MESSAGES,
  type Source,
  type SourceVersionDiff,
} from '../../shared/schemas/source';
import { type ApiClient, client } from '../support/api-client';
import { eventually } from '../support/eventually';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type Person, people } from '../support/people';
import { Resources } from '../support/resources';
import { importSource } from '../support/sources';

const resources = new Resources();
let stack: TestStack;
let api: ApiClient;
let admin: Person;
let outsider: Person;
const as = (person: Person) => api.as(person.token);

function ok<T = any>(response: { status: number; body: any }, what: string): T {
  if (response.status !== 200)
    throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as T;
}

async function linkedQuestions(projectId: string) {
  await stack.settle();
  return ok<{ items: Question[] }>(
    await as(admin).call('listQuestions', { params: { projectId }, query: { limit: 1000 } }),
    'listQuestions',
  ).items;
}

const getSource = async (projectId: string, projectSourceId: string) =>
  ok<Source>(await as(admin).call('getSource', { params: { projectId, projectSourceId } }), 'getSource');

/** Waits until the processing job moved the version to `state`. */
const versionReaches = (projectId: string, projectSourceId: string, state: Source['versionState']) =>
  eventually(
    async () => {
      const source = await getSource(projectId, projectSourceId);
      if (source.versionState !== state) throw new Error(`version is ${source.versionState}`);
      return source;
    },
    { timeoutMs: 60_000, intervalMs: 200 },
  );

beforeAll(async () => {
  stack = await resources.start(startTestStack({ seed: false }), (s) => s.stop());
  api = client(stack);
  const { register } = people(stack, api);
  [admin, outsider] = await Promise.all([
    register('vera@umbrella.test', 'Umbrella Assurance', { givenName: 'Vera', lastName: 'Version' }),
    register('otto@other.test', 'Other Co', { givenName: 'Otto', lastName: 'Other' }),
  ]);
}, 180_000);

afterAll(() => resources.stopAll());

describe('a new version of a questionnaire', () => {
  let projectId: string;
  let v1: Source;
  let v2: Source;
  let before: Question[];

  it('compares the new file with the answered previous one and shows the difference', async () => {
    // Prepare: v1 imported, configured from its detected layout, every question answered.
    projectId = ok<{ projectId: string }>(
      await as(admin).call('createProject', { body: { name: 'Globex renewal' } }),
      'createProject',
    ).projectId;
    v1 = await importSource(as(admin), projectId, 'Globex questionnaire.xlsx', await versionWorkbook(V1));
    const params = { projectId, projectSourceId: v1.projectSourceId, sheetId: v1.sheets[0].sheetId };
    const detail = ok<SheetDetail>(await as(admin).call('getSheet', { params }), 'getSheet');
    ok(
      await as(admin).call('configureSheet', {
        params,
        body: {
          columnClassifications: detail.suggestion.columnClassifications,
          isLinked: true,
          rowInclusion: detail.suggestion.questionRows.map((rowNumber) => ({ rowNumber, isLinked: true })),
        },
      }),
      'configureSheet',
    );
    before = await linkedQuestions(projectId);
    expect(before.map((q) => q.question)).toEqual(V1.map(([, q]) => q));
    for (const [i, q] of before.entries()) {
      ok(
        await as(admin).call('updateQuestion', {
          params: { projectId, questionId: q.questionId },
          body: { answer: `Answer ${i + 1}`, responseClassification: 'COMPLIANT' },
        }),
        'updateQuestion',
      );
    }

    // Act: upload v2 as the new version of v1.
    const uploaded = await importSource(
      as(admin),
      projectId,
      'Globex questionnaire v2.xlsx',
      await versionWorkbook(V2),
      {
        previousSourceId: v1.projectSourceId,
      },
    );
    v2 = await versionReaches(projectId, uploaded.projectSourceId, 'REVIEW');
    const diff = ok<SourceVersionDiff>(
      await as(admin).call('getSourceVersion', {
        params: { projectId, projectSourceId: v2.projectSourceId },
      }),
      'getSourceVersion',
    );

    // Assess
    expect(v2.previousSourceId).toBe(v1.projectSourceId);
    expect(diff.previous).toEqual({
      projectSourceId: v1.projectSourceId,
      fileName: 'Globex questionnaire.xlsx',
    });
    expect(diff.counts).toEqual({ unchanged: 7, reworded: 1, new: 2, removed: 2 });
    const reworded = diff.changes.find((c) => c.kind === 'REWORDED');
    expect(reworded).toMatchObject({
      questionId: before[2].questionId,
      previousQuestion: V1[2][1],
      question: REWORDED,
      referenceNumber: '1.4',
      sheetName: 'Security',
      rowNumber: 7,
      answered: true,
    });
    expect(diff.changes.filter((c) => c.kind === 'NEW').map((c) => c.question)).toEqual([INSERTED, ADDED]);
    expect(diff.changes.filter((c) => c.kind === 'REMOVED').map((c) => c.questionId)).toEqual([
      before[4].questionId,
      before[5].questionId,
    ]);
    // Nothing changed yet: the project still has v1's ten questions, and v2 cannot be configured by hand.
    expect((await linkedQuestions(projectId)).map((q) => q.questionId)).toEqual(
      before.map((q) => q.questionId),
    );
    const configure = await as(admin).call('configureSheet', {
      params: { projectId, projectSourceId: v2.projectSourceId, sheetId: v2.sheets[0].sheetId },
      body: {
        columnClassifications: [{ columnNumber: 2, columnType: 'QUESTION' }],
        isLinked: true,
        rowInclusion: [],
      },
    });
    expect(configure.status).toBe(409);
    expect(configure.body.message).toBe(SOURCE_VERSION_MESSAGES.inReview);
  });

  it('applies it: answers carried over, new questions created, removed ones retired, no duplicate', async () => {
    // Act
    const applying = ok<Source>(
      await as(admin).call('applySourceVersion', {
        params: { projectId, projectSourceId: v2.projectSourceId },
      }),
      'applySourceVersion',
    );
    const applied = await versionReaches(projectId, v2.projectSourceId, 'APPLIED');
    const after = await linkedQuestions(projectId);

    // Assess
    expect(applying.versionState).toBe('APPLYING');
    expect(applied.sheets[0]).toMatchObject({ configured: true, isLinked: true, questionCount: 10 });
    expect((await getSource(projectId, v1.projectSourceId)).replacedBySourceId).toBe(v2.projectSourceId);
    // The list reads as the new file, new questions in their places, and holds no duplicate.
    expect(after.map((q) => q.question)).toEqual(V2.map(([, q]) => q));
    const byText = new Map(after.map((q) => [q.question, q]));
    for (const [i, [, text]] of V1.entries()) {
      if (i === 2 || i === 4 || i === 5) continue;
      // The same question (same id), its answer kept, its number the new file's.
      expect(byText.get(text)).toMatchObject({ questionId: before[i].questionId, answer: `Answer ${i + 1}` });
    }
    expect(byText.get(V1[3][1])?.referenceNumber).toBe('1.5');
    expect(byText.get(REWORDED)).toMatchObject({
      questionId: before[2].questionId,
      answer: 'Answer 3',
      reworded: { previousQuestion: V1[2][1], fileName: 'Globex questionnaire.xlsx' },
    });
    expect(byText.get(INSERTED)).toMatchObject({ answer: '', responseStatus: 'INCOMPLETE' });
    expect(byText.get(ADDED)).toMatchObject({ answer: '', responseStatus: 'INCOMPLETE' });
    // Removed questions leave the list but keep their answers (and their history).
    for (const i of [4, 5]) {
      const { data } = await db()
        .entities.question.get({
          teamId: admin.teamId as string,
          projectId,
          questionId: before[i].questionId,
        })
        .go();
      expect(data).toMatchObject({
        isLinked: false,
        answer: `Answer ${i + 1}`,
        projectSourceId: v1.projectSourceId,
      });
    }
  });

  it('writes the answered new file: every carried answer in its new row', async () => {
    // Act
    const link = ok<{ url: string; fileName: string }>(
      await as(admin).call('exportQuestions', {
        params: { projectId },
        body: { kind: 'SOURCE', projectSourceId: v2.projectSourceId },
      }),
      'exportQuestions',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await (await fetch(link.url)).arrayBuffer());
    const sheet = workbook.getWorksheet('Security');

    // Assess
    expect(link.fileName).toContain('Globex questionnaire v2');
    const answerOf = (text: string) => {
      const row = V2.findIndex(([, q]) => q === text);
      return sheet?.getCell(4 + row, 3).text;
    };
    expect(answerOf(V1[0][1])).toBe('Answer 1');
    expect(answerOf(REWORDED)).toBe('Answer 3');
    expect(answerOf(V1[9][1])).toBe('Answer 10');
    expect(answerOf(INSERTED)).toBe('');
  });

  it('clears the reworded flag once someone reviewed the answer against the new wording', async () => {
    // Prepare
    const questionId = before[2].questionId;

    // Act
    const reviewed = ok<Question>(
      await as(admin).call('updateQuestion', {
        params: { projectId, questionId },
        body: { rewordingReviewed: true },
      }),
      'updateQuestion',
    );

    // Assess
    expect(reviewed.reworded).toBeUndefined();
    expect(reviewed.answer).toBe('Answer 3');
  });

  it('offers a plain re-upload of the same file as its new version; applying it changes nothing', async () => {
    // Prepare: the same v2 uploaded again the ordinary way.
    const again = await importSource(
      as(admin),
      projectId,
      'Globex questionnaire v2 (1).xlsx',
      await versionWorkbook(V2),
    );
    const ids = (await linkedQuestions(projectId)).map((q) => q.questionId).sort();

    // Act
    const compared = ok<Source>(
      await as(admin).call('compareSourceVersion', {
        params: { projectId, projectSourceId: again.projectSourceId },
        body: { previousSourceId: v2.projectSourceId },
      }),
      'compareSourceVersion',
    );
    await versionReaches(projectId, again.projectSourceId, 'REVIEW');
    const diff = ok<SourceVersionDiff>(
      await as(admin).call('getSourceVersion', {
        params: { projectId, projectSourceId: again.projectSourceId },
      }),
      'getSourceVersion',
    );
    ok(
      await as(admin).call('applySourceVersion', {
        params: { projectId, projectSourceId: again.projectSourceId },
      }),
      'applySourceVersion',
    );
    await versionReaches(projectId, again.projectSourceId, 'APPLIED');

    // Assess
    expect(again.matchesSourceId).toBe(v2.projectSourceId);
    expect(compared.matchesSourceId).toBeUndefined();
    expect(diff.counts).toEqual({ unchanged: 10, reworded: 0, new: 0, removed: 0 });
    expect((await linkedQuestions(projectId)).map((q) => q.questionId).sort()).toEqual(ids);
  });

  it('refuses what cannot be a new version, and discards one under review without a trace', async () => {
    // Prepare: the current file is the re-upload; v1 and v2 are replaced.
    const sources = ok<Source[]>(
      await as(admin).call('listSources', { params: { projectId } }),
      'listSources',
    );
    const current = sources.find((s) => !s.replacedBySourceId) as Source;
    const create = (previousSourceId: string, fileName = 'next.xlsx') =>
      as(admin).call('createSource', {
        params: { projectId },
        body: { fileName, contentType: 'x', previousSourceId },
      });

    // Act
    const replaced = await create(v1.projectSourceId);
    const otherFormat = await create(current.projectSourceId, 'next.csv');
    const missing = await create('no-such-source');
    const fromOutside = await as(outsider).call('getSourceVersion', {
      params: { projectId, projectSourceId: v2.projectSourceId },
    });
    const notInReview = await as(admin).call('applySourceVersion', {
      params: { projectId, projectSourceId: current.projectSourceId },
    });
    const third = await importSource(as(admin), projectId, 'third.xlsx', await versionWorkbook(V2), {
      previousSourceId: current.projectSourceId,
    });
    await versionReaches(projectId, third.projectSourceId, 'REVIEW');
    const discarded = await as(admin).call('discardSourceVersion', {
      params: { projectId, projectSourceId: third.projectSourceId },
    });
    const listed = ok<Source[]>(
      await as(admin).call('listSources', { params: { projectId } }),
      'listSources',
    );

    // Assess
    expect([replaced.status, replaced.body.message]).toEqual([409, SOURCE_VERSION_MESSAGES.replaced]);
    expect(otherFormat.status).toBe(400);
    expect(otherFormat.body.fieldErrors.previousSourceId).toEqual([SOURCE_VERSION_MESSAGES.formatDiffers]);
    expect(missing.status).toBe(404);
    expect(fromOutside.status).toBe(404);
    expect([notInReview.status, notInReview.body.message]).toEqual([
      409,
      SOURCE_VERSION_MESSAGES.notInReview,
    ]);
    expect(discarded.status).toBe(200);
    expect(listed.map((s) => s.projectSourceId)).not.toContain(third.projectSourceId);
    expect(await linkedQuestions(projectId)).toHaveLength(10);
  });
});

describe('a new version of a Word questionnaire', () => {
  it("matches the new document's detected questions to the answered ones and carries the answers over", async () => {
    // Prepare: v1 (6 numbered paragraphs, a 4-row table) configured from its detection and answered;
    // v2 has 8 paragraphs, so two table questions moved up into paragraphs and two are new.
    const { projectId } = ok<{ projectId: string }>(
      await as(admin).call('createProject', { body: { name: 'Initech renewal' } }),
      'createProject',
    );
    const first = await buildQuestionnaireDocx({ paragraphs: 6, tableRows: 4 });
    const v1 = await importSource(as(admin), projectId, 'Initech questionnaire.docx', first.bytes);
    const params = { projectId, projectSourceId: v1.projectSourceId };
    const detail = ok<DocumentDetail>(await as(admin).call('getDocument', { params }), 'getDocument');
    ok(
      await as(admin).call('configureDocument', {
        params,
        body: { annotations: detail.suggestion, configuration: detail.configuration, isLinked: true },
      }),
      'configureDocument',
    );
    const before = await linkedQuestions(projectId);
    expect(before).toHaveLength(10);
    for (const q of before) {
      ok(
        await as(admin).call('updateQuestion', {
          params: { projectId, questionId: q.questionId },
          body: { answer: `Answer to ${q.question}` },
        }),
        'updateQuestion',
      );
    }
    const second = await buildQuestionnaireDocx({ paragraphs: 8, tableRows: 4 });

    // Act
    const uploaded = await importSource(as(admin), projectId, 'Initech questionnaire v2.docx', second.bytes, {
      previousSourceId: v1.projectSourceId,
    });
    await versionReaches(projectId, uploaded.projectSourceId, 'REVIEW');
    const diff = ok<SourceVersionDiff>(
      await as(admin).call('getSourceVersion', {
        params: { projectId, projectSourceId: uploaded.projectSourceId },
      }),
      'getSourceVersion',
    );
    ok(
      await as(admin).call('applySourceVersion', {
        params: { projectId, projectSourceId: uploaded.projectSourceId },
      }),
      'applySourceVersion',
    );
    const applied = await versionReaches(projectId, uploaded.projectSourceId, 'APPLIED');
    const after = await linkedQuestions(projectId);
    const exported = await as(admin).call('exportQuestions', {
      params: { projectId },
      body: { kind: 'SOURCE', projectSourceId: uploaded.projectSourceId },
    });

    // Assess
    expect(diff.counts).toEqual({ unchanged: 10, reworded: 0, new: 2, removed: 0 });
    expect(applied.document).toMatchObject({ configured: true, isLinked: true, questionCount: 12 });
    expect(after).toHaveLength(12);
    expect(new Set(after.map((q) => q.question)).size).toBe(12);
    for (const q of before) {
      expect(after.find((a) => a.questionId === q.questionId)?.answer).toBe(`Answer to ${q.question}`);
    }
    expect(exported.status).toBe(200);
  });

  it("offers a plain upload of the same Word file as its new version, carrying the previous one's hand-made annotations", async () => {
    // Prepare: v1 configured from its detection, but its first question left out by hand.
    const { projectId } = ok<{ projectId: string }>(
      await as(admin).call('createProject', { body: { name: 'Hooli renewal' } }),
      'createProject',
    );
    const first = await buildQuestionnaireDocx({ paragraphs: 4, tableRows: 2 });
    const v1 = await importSource(as(admin), projectId, 'Hooli questionnaire.docx', first.bytes);
    const params = { projectId, projectSourceId: v1.projectSourceId };
    const detail = ok<DocumentDetail>(await as(admin).call('getDocument', { params }), 'getDocument');
    const leftOut = detail.suggestion.find((a) => a.annotationType === 'QUESTION')!;
    ok(
      await as(admin).call('configureDocument', {
        params,
        body: {
          annotations: detail.suggestion.filter(
            (a) => a.nodeId !== leftOut.nodeId && a.parentNodeId !== leftOut.nodeId,
          ),
          configuration: detail.configuration,
          isLinked: true,
        },
      }),
      'configureDocument',
    );
    const before = await linkedQuestions(projectId);
    expect(before).toHaveLength(5);
    // v2: one more paragraph question, so a table question moved up and one is new.
    const second = await buildQuestionnaireDocx({ paragraphs: 5, tableRows: 2 });

    // Act: uploaded the ordinary way, under the same file name, then compared and applied.
    const uploaded = await importSource(as(admin), projectId, 'Hooli questionnaire.docx', second.bytes);
    ok(
      await as(admin).call('compareSourceVersion', {
        params: { projectId, projectSourceId: uploaded.projectSourceId },
        body: { previousSourceId: v1.projectSourceId },
      }),
      'compareSourceVersion',
    );
    await versionReaches(projectId, uploaded.projectSourceId, 'REVIEW');
    const diff = ok<SourceVersionDiff>(
      await as(admin).call('getSourceVersion', {
        params: { projectId, projectSourceId: uploaded.projectSourceId },
      }),
      'getSourceVersion',
    );
    ok(
      await as(admin).call('applySourceVersion', {
        params: { projectId, projectSourceId: uploaded.projectSourceId },
      }),
      'applySourceVersion',
    );
    await versionReaches(projectId, uploaded.projectSourceId, 'APPLIED');
    const after = await linkedQuestions(projectId);

    // Assess: offered as v1's new version; the question left out stays out.
    expect(uploaded.matchesSourceId).toBe(v1.projectSourceId);
    expect(diff.counts).toEqual({ unchanged: 5, reworded: 0, new: 1, removed: 0 });
    expect(after).toHaveLength(6);
    expect(after.map((q) => q.question)).not.toContain(leftOut.text);
    expect(after.filter((q) => before.some((b) => b.questionId === q.questionId))).toHaveLength(5);
  });
});
