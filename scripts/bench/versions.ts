/**
 * A new version of a 1,000-question workbook (issue 27 part 1), through the local gateway with real
 * emulators: v1 imported and configured as detected, then v2 — 5% of the questions reworded, 2% new
 * (inserted among the others), 2% removed — uploaded as its new version. Timed: from the start of
 * the upload to the difference shown (the processing job read and compared it), and from Apply to
 * the version applied (questions moved, created and retired by the job); beside the floor of the
 * same number of question-sized items written raw to DynamoDB Local. The matching is checked
 * against the known changes and its accuracy printed. Figures are printed, never asserted.
 */
import { SOURCE_CONTENT_TYPES, type Source, type SourceVersionDiff } from '../../shared/schemas/source';
import type { LocalStack } from '../local/stack';
import { apiCaller } from './api-caller';
import { rawQuestionWrites } from './raw-floor';
import { ms } from './report';

type AddRow = (metric: string, figure: string, target: string, met?: boolean) => unknown;

const QUESTIONS = 1_000;
const REWORDED = 50;
const ADDED = 20;
const REMOVED = 20;
const TARGET_MS = 10_000;

/** A rewording a customer's next version might make: same question, other words around it. */
const reword = (question: string) =>
  `Please confirm whether ${question.charAt(0).toLowerCase()}${question.slice(1).replace(/\?$/, '')}, and describe how.`;

export async function benchVersions(stack: LocalStack, token: string, addRow: AddRow) {
  const { questionnaireRows } = await import('../fixtures/workbooks');
  const { versionWorkbook } = await import('../fixtures/versions');
  const call = apiCaller(stack.appUrl, token);
  const { teamId } = await call<{ teamId: string }>('getUser');

  // v1: 1,000 distinct questions; v2 the known changes, spread over the file.
  const base = questionnaireRows(QUESTIONS).flatMap((r) =>
    'question' in r ? [[r.reference, r.question] as [string, string]] : [],
  );
  const step = Math.floor(QUESTIONS / REWORDED);
  const rewordedAt = new Set(Array.from({ length: REWORDED }, (_, i) => i * step + 1));
  const removedAt = new Set(
    Array.from({ length: REMOVED }, (_, i) => i * Math.floor(QUESTIONS / REMOVED) + 3),
  );
  const addedAfter = new Set(Array.from({ length: ADDED }, (_, i) => i * Math.floor(QUESTIONS / ADDED) + 7));
  const v2: Array<[string, string]> = [];
  base.forEach(([reference, question], i) => {
    if (!removedAt.has(i)) v2.push([reference, rewordedAt.has(i) ? reword(question) : question]);
    if (addedAfter.has(i))
      v2.push([`NEW-${i}`, `Do you review the security of integration partner number ${i} every year?`]);
  });

  const upload = async (
    projectId: string,
    fileName: string,
    bytes: Uint8Array,
    previousSourceId?: string,
  ) => {
    const contentType = SOURCE_CONTENT_TYPES.xlsx;
    const created = await call<{
      projectSourceId: string;
      upload: { url: string; fields: Record<string, string> };
    }>(
      'createSource',
      { projectId },
      { fileName, contentType, sizeBytes: bytes.length, ...(previousSourceId ? { previousSourceId } : {}) },
    );
    const form = new FormData();
    for (const [name, value] of Object.entries(created.upload.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }));
    const posted = await fetch(created.upload.url, { method: 'POST', body: form });
    if (posted.status >= 300) throw new Error(`Upload POST: HTTP ${posted.status}`);
    await call('completeSource', { projectId }, { projectSourceId: created.projectSourceId });
    return created.projectSourceId;
  };
  const until = async (projectId: string, projectSourceId: string, done: (s: Source) => boolean) => {
    const started = performance.now();
    for (;;) {
      const source = await call<Source>('getSource', { projectId, projectSourceId });
      if (source.status === 'FAILED') throw new Error(`FAILED: ${source.failureReason}`);
      if (source.versionError) throw new Error(source.versionError);
      if (done(source)) return source;
      if (performance.now() - started > 300_000) throw new Error('not done in 5 minutes');
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  // v1 imported and configured as detected (the processing job creates the 1,000 questions).
  const { projectId } = await call<{ projectId: string }>('createProject', {}, { name: 'Bench new version' });
  const v1Id = await upload(projectId, 'Bench questionnaire.xlsx', await versionWorkbook(base));
  const v1 = await until(projectId, v1Id, (s) => s.status === 'READY');
  const params = { projectId, projectSourceId: v1Id, sheetId: v1.sheets[0].sheetId };
  const detail = await call<{ suggestion: { columnClassifications: unknown[]; questionRows: number[] } }>(
    'getSheet',
    params,
  );
  await call('configureSheet', params, {
    columnClassifications: detail.suggestion.columnClassifications,
    isLinked: true,
    rowInclusion: detail.suggestion.questionRows.map((rowNumber) => ({ rowNumber, isLinked: true })),
  });
  // A large save is applied by the processing job: done when the sheet is released.
  for (let sheet = await call<{ applying: boolean }>('getSheet', params); sheet.applying; ) {
    await new Promise((r) => setTimeout(r, 100));
    sheet = await call<{ applying: boolean }>('getSheet', params);
  }
  await stack.reactions.drain();

  // v2 as its new version: upload → compared → difference shown; Apply → applied.
  const v2Bytes = await versionWorkbook(v2);
  const started = performance.now();
  const v2Id = await upload(projectId, 'Bench questionnaire v2.xlsx', v2Bytes, v1Id);
  await until(projectId, v2Id, (s) => s.versionState === 'REVIEW');
  const diff = await call<SourceVersionDiff>('getSourceVersion', { projectId, projectSourceId: v2Id });
  const shownMs = performance.now() - started;
  const applyStarted = performance.now();
  await call('applySourceVersion', { projectId, projectSourceId: v2Id });
  await until(projectId, v2Id, (s) => s.versionState === 'APPLIED');
  const appliedMs = performance.now() - applyStarted;
  await stack.reactions.drain();

  // The matching against the known changes: each reworded question paired with its own rewording.
  const expected = {
    unchanged: QUESTIONS - REWORDED - REMOVED,
    reworded: REWORDED,
    new: ADDED,
    removed: REMOVED,
  };
  const rightRewordings = diff.changes.filter(
    (c) => c.kind === 'REWORDED' && c.previousQuestion && c.question === reword(c.previousQuestion),
  ).length;
  const { counts } = diff;
  console.log(
    `  difference: ${counts.unchanged} unchanged, ${counts.reworded} reworded (${rightRewordings} paired right), ${counts.new} new, ${counts.removed} removed; expected ${expected.unchanged} / ${expected.reworded} / ${expected.new} / ${expected.removed}`,
  );

  // Floor: as many question-sized items as applying writes, raw (raw-floor.ts).
  const writes = counts.unchanged + counts.reworded + counts.new + counts.removed;
  const floorMs = await rawQuestionWrites(
    stack.env.TABLE_NAME,
    teamId,
    v2.slice(0, writes).map(([referenceNumber, question]) => ({ question, referenceNumber })),
  );

  const exact =
    counts.unchanged === expected.unchanged &&
    counts.reworded === expected.reworded &&
    counts.new === expected.new &&
    counts.removed === expected.removed &&
    rightRewordings === REWORDED;
  addRow(
    'new version: changes found (1,000 questions; 50 reworded, 20 new, 20 removed)',
    exact
      ? 'all right'
      : `${counts.unchanged}/${counts.reworded}/${counts.new}/${counts.removed}, ${rightRewordings} rewordings paired right`,
    'exactly the known changes',
    exact,
  );
  addRow(
    'new version: upload → difference shown',
    `${ms(shownMs)} (floor ${ms(floorMs)}, ${(shownMs / floorMs).toFixed(1)}x)`,
    `< ${ms(TARGET_MS)}`,
    shownMs < TARGET_MS,
  );
  addRow(
    'new version: Apply → applied',
    `${ms(appliedMs)} (floor ${ms(floorMs)}: ${writes} items written raw, ${(appliedMs / floorMs).toFixed(1)}x)`,
    `< ${ms(TARGET_MS)}`,
    appliedMs < TARGET_MS,
  );
}
