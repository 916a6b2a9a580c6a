/**
 * New versions of a questionnaire (issue 27 part 1). A spreadsheet or CSV source can be given a new
 * file (createSource with previousSourceId), or a plain upload whose sheets match another source is
 * offered as its new version (compareSourceVersion). The processing job then compares the two
 * (COMPARING → REVIEW): the new file's layout starts from the previous file's configuration, and
 * its rows are matched to the previous questions (match.ts). The user reviews the difference and
 * applies it (APPLYING → APPLIED, the job again): matched questions move to the new file with their
 * answers (a reworded one flagged for review with its old wording), new rows become questions, and
 * questions the new file no longer has are retired (unlinked, their answers kept in their history).
 * Nothing is ever duplicated: a question is moved, never copied.
 */
import type { WordingLevels } from '../../../shared/compliance';
import type { ComplianceWording } from '../../../shared/schemas/project';
import {
  type Annotation,
  type ColumnClassification,
  type CompareVersionRequest,
  DocumentContent,
  SOURCE_VERSION_MESSAGES as MESSAGES,
  SheetContent,
  type SheetLayout,
  type Source,
  type SourceVersionDiff,
  type VersionChange,
} from '../../../shared/schemas/source';
import type { TeamCaller } from '../../common/caller';
import type { ProjectItem, SourceItem, SourceSheetItem } from '../../common/entities';
import { BadRequestError, ConflictError, isConditionFailure, NotFoundError } from '../../common/errors';
import { logger } from '../../common/logger';
import { sessionMark } from '../../common/session-mark';
import { fromRanges, toRanges } from '../../common/sheet-rows';
import { readObjectBytes, writeObjectBytes } from '../../common/storage';
import { documentQuestions, levelsOf, readJson, type SheetConfiguration, sheetQuestions } from '../configure';
import { type SourcedQuestion, syncQuestions } from '../questions-from-source';
import * as repo from '../repo';
import {
  documentContentKey,
  NOT_READY,
  PROJECT_CLOSED,
  sheetContentKey,
  toSource,
  visibleSource,
} from '../sources';
import { carryAnnotations } from './carry-annotations';
import { matchVersions, normaliseWording, placeNewRows } from './match';
import { PENDING, previousProblem, refuse } from './previous';
import { sameQuestionnaire } from './same-document';

type SourceKey = { teamId: string; projectId: string; projectSourceId: string };
const keyOf = (source: SourceKey): SourceKey => ({
  teamId: source.teamId,
  projectId: source.projectId,
  projectSourceId: source.projectSourceId,
});

export const APPLY_VERSION_FAILED =
  'We could not apply this new version. Nothing was lost: try again, or discard it and upload it again.';

/** A plain upload that gives no questions yet, made the new version of another source. */
export async function compareSourceVersion(
  caller: TeamCaller,
  projectId: string,
  projectSourceId: string,
  body: CompareVersionRequest,
  sessionId: string | null,
): Promise<Source> {
  const { project, source } = await visibleSource(caller, projectId, projectSourceId);
  if (project.projectStatus === 'COMPLETE') throw new ConflictError(PROJECT_CLOSED);
  if (source.status !== 'READY') throw new ConflictError(NOT_READY);
  if (body.previousSourceId === projectSourceId)
    throw new BadRequestError('Invalid request body', { previousSourceId: [MESSAGES.notAVersion] });
  if (source.versionState || source.replacedBySourceId) throw new ConflictError(MESSAGES.inReview);
  const sheets = await repo.sheetsOf(keyOf(source));
  if (sheets.some((s) => s.configured && s.questionCount > 0))
    throw new ConflictError(MESSAGES.alreadyConfigured);
  const previous = await repo.getSource({ ...keyOf(source), projectSourceId: body.previousSourceId });
  const problem = await previousProblem(previous, source.fileFormat, projectSourceId);
  if (problem) refuse(problem, 'previousSourceId');
  const updated = await repo.setVersionState(keyOf(source), undefined, {
    previousSourceId: body.previousSourceId,
    versionState: 'COMPARING',
    changedBySession: sessionMark(sessionId),
  });
  return toSource(updated, sheets);
}

// ——— Comparing (the processing job) ———

/** What the job stores for a compared version: the difference shown, and what applying does. */
interface VersionPlan {
  diff: Pick<SourceVersionDiff, 'counts' | 'changes'>;
  sheets: Array<{
    sheetId: string;
    columnClassifications: ColumnClassification[];
    includedRows: number[];
    excludedRows: number[];
  }>;
  matches: Array<{ questionId: string; sourceKey: string; reworded?: string }>;
  removed: string[];
  /** The id each new row's question takes (placeNewRows). */
  placed?: Record<string, string>;
  /** A Word document's questions: the new document's detected annotations, the previous one's hand-made applied. */
  document?: { annotations: Annotation[] };
}

/** Where a Word document's questions are said to be, in the difference. */
const DOCUMENT_PLACE = 'Document';

const versionKey = (source: SourceItem) => `${source.contentPrefix}/version.json`;
const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

const documentLevels = (project: ProjectItem, source: SourceItem): WordingLevels => ({
  file: source.complianceWording as ComplianceWording | undefined,
  project: project.complianceWording,
});

const readContent = (source: SourceItem, sheetId: string) =>
  readJson(sheetContentKey(source, sheetId), SheetContent);
const readDocumentContent = (source: SourceItem) => readJson(documentContentKey(source), DocumentContent);

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The previous sheet each new sheet continues: by name, or (a CSV, or renamed tabs) by position. */
export function pairSheets(previous: SourceSheetItem[], next: SourceSheetItem[]) {
  const pairs = new Map<string, SourceSheetItem>();
  const used = new Set<string>();
  for (const sheet of next) {
    const named = previous.find((p) => !used.has(p.sheetId) && sameName(p.sheetName, sheet.sheetName));
    if (named) {
      pairs.set(sheet.sheetId, named);
      used.add(named.sheetId);
    }
  }
  if (previous.length === next.length) {
    for (const sheet of next) {
      const atIndex = previous.find((p) => p.sheetIndex === sheet.sheetIndex && !used.has(p.sheetId));
      if (!pairs.has(sheet.sheetId) && atIndex) {
        pairs.set(sheet.sheetId, atIndex);
        used.add(atIndex.sheetId);
      }
    }
  }
  return pairs;
}

const cellsOf = (content: SheetContent, rowNumber: number | null) =>
  (rowNumber && content.rows.find((r) => r.rowNumber === rowNumber)?.cells) || [];

/**
 * The new sheet's configuration, from the previous sheet's: each classified column found again by
 * its header (columns inserted or moved), and the rows holding question text below the header —
 * less those the previous configuration left out, and those detection does not take for questions
 * unless the previous file had the same question.
 */
export function carryConfiguration(
  previous: { sheet: SourceSheetItem; content: SheetContent },
  next: { sheet: SourceSheetItem; content: SheetContent },
) {
  const previousLayout = previous.sheet.suggestion as SheetLayout;
  const nextLayout = next.sheet.suggestion as SheetLayout;
  const previousHeader = cellsOf(previous.content, previousLayout.headerRow).map(normaliseWording);
  const nextHeader = cellsOf(next.content, nextLayout.headerRow).map(normaliseWording);
  const columnClassifications = (previous.sheet.columnClassifications as ColumnClassification[])
    .map((c) => {
      const title = previousHeader[c.columnNumber - 1];
      const found = title ? nextHeader.indexOf(title) : -1;
      return { columnNumber: found >= 0 ? found + 1 : c.columnNumber, columnType: c.columnType };
    })
    .filter((c, i, all) => all.findIndex((o) => o.columnNumber === c.columnNumber) === i);

  const questionText = (columns: ColumnClassification[], cells: string[]) =>
    normaliseWording(
      columns
        .filter((c) => c.columnType === 'QUESTION')
        .map((c) => cells[c.columnNumber - 1] ?? '')
        .join(' '),
    );
  const previousIncluded = new Set(fromRanges(previous.sheet.includedRows));
  const keptOut = new Set<string>();
  const kept = new Set<string>();
  const previousColumns = previous.sheet.columnClassifications as ColumnClassification[];
  for (const row of previous.content.rows) {
    const text = questionText(previousColumns, row.cells);
    if (!text) continue;
    (previousIncluded.has(row.rowNumber) ? kept : keptOut).add(text);
  }
  const detected = new Set(nextLayout.questionRows);
  const below = nextLayout.headerRow ?? 0;
  const includedRows: number[] = [];
  const excludedRows: number[] = [];
  for (const row of next.content.rows) {
    if (row.rowNumber <= below) continue;
    const text = questionText(columnClassifications, row.cells);
    if (!text) continue;
    const include =
      kept.has(text) || (!keptOut.has(text) && (detected.size === 0 || detected.has(row.rowNumber)));
    (include ? includedRows : excludedRows).push(row.rowNumber);
  }
  return { columnClassifications, includedRows, excludedRows };
}

/** The job: compares a READY new version with its previous source and stores the difference. */
export async function compareVersion(key: SourceKey) {
  const source = await repo.getSource(key);
  if (!source || source.deletedAt || source.status !== 'READY' || source.versionState !== 'COMPARING') return;
  try {
    const previous = await repo.getSource({ ...key, projectSourceId: source.previousSourceId ?? '' });
    const project = await repo.getProject(key);
    if (!previous || previous.deletedAt || !project) throw new Error('previous source or project gone');
    const plan = await planVersion(project, previous, source);
    await writeObjectBytes(versionKey(source), json(plan), 'application/json');
    await repo.setVersionState(key, 'COMPARING', {
      versionState: 'REVIEW',
      versionDiffKey: versionKey(source),
      changedBySession: sessionMark(null),
    });
  } catch (error) {
    logger.error('comparing a new version failed', { error, key });
    await repo
      .setVersionState(key, 'COMPARING', {
        versionState: 'REVIEW',
        versionError: MESSAGES.compareFailed,
        changedBySession: sessionMark(null),
      })
      .catch(() => undefined);
  }
}

async function planVersion(
  project: ProjectItem,
  previous: SourceItem,
  source: SourceItem,
): Promise<VersionPlan> {
  const [previousSheets, nextSheets, previousQuestions] = await Promise.all([
    repo.sheetsOf(keyOf(previous)),
    repo.sheetsOf(keyOf(source)),
    repo.questionsOfSource(keyOf(previous)),
  ]);
  const linked = [...previousQuestions.values()]
    .filter((q) => q.isLinked !== false)
    .sort((a, b) => a.questionId.localeCompare(b.questionId));
  const pairs = pairSheets(
    previousSheets.filter((s) => s.configured && s.isLinked),
    nextSheets,
  );
  const plan: VersionPlan = {
    diff: { counts: { unchanged: 0, reworded: 0, new: 0, removed: 0 }, changes: [] },
    sheets: [],
    matches: [],
    removed: [],
  };
  const wanted: Array<SourcedQuestion & { sheetName: string; rowNumber?: number }> = [];
  if (source.fileFormat === 'docx') {
    // A document's questions are its detected ones, with the previous document's hand-made
    // annotations applied where they still apply (node ids themselves do not carry over).
    const [document, previousDocument, content] = await Promise.all([
      repo.getDocument(keyOf(source)),
      repo.getDocument(keyOf(previous)),
      readDocumentContent(source),
    ]);
    const suggestion = (document?.suggestion ?? []) as Annotation[];
    const previousContent = previousDocument?.configured
      ? await readDocumentContent(previous).catch(() => null)
      : null;
    const annotations =
      previousDocument && previousContent
        ? carryAnnotations(
            {
              content: previousContent,
              annotations: previousDocument.annotations as Annotation[],
              suggestion: previousDocument.suggestion as Annotation[],
            },
            { content, annotations: [], suggestion },
          )
        : suggestion;
    plan.document = { annotations };
    for (const q of documentQuestions(content, annotations, documentLevels(project, source))) {
      wanted.push({ ...q, sheetName: DOCUMENT_PLACE });
    }
  }
  for (const sheet of [...nextSheets].sort((a, b) => a.sheetIndex - b.sheetIndex)) {
    const before = pairs.get(sheet.sheetId);
    if (!before) continue;
    const [previousContent, content] = await Promise.all([
      readContent(previous, before.sheetId),
      readContent(source, sheet.sheetId),
    ]);
    const carried = carryConfiguration({ sheet: before, content: previousContent }, { sheet, content });
    plan.sheets.push({ sheetId: sheet.sheetId, ...carried });
    const config: SheetConfiguration = {
      isLinked: true,
      columnClassifications: carried.columnClassifications,
      includedRows: carried.includedRows,
    };
    for (const q of sheetQuestions(sheet, config, content, levelsOf(project, source, sheet))) {
      wanted.push({ ...q, sheetName: sheet.sheetName, rowNumber: q.order });
    }
  }
  const matching = matchVersions(
    linked.map((q) => ({ id: q.questionId, question: q.question, referenceNumber: q.referenceNumber })),
    wanted.map((w) => ({ key: w.sourceKey, question: w.question, referenceNumber: w.referenceNumber })),
  );
  const byKey = new Map(matching.matches.map((m) => [m.key, m]));
  const byId = new Map(linked.map((q) => [q.questionId, q]));
  const changes: VersionChange[] = [];
  for (const w of wanted) {
    const match = byKey.get(w.sourceKey);
    const before = match ? byId.get(match.id) : undefined;
    const kind = match ? match.kind : 'NEW';
    changes.push({
      kind,
      ...(before ? { questionId: before.questionId, previousQuestion: before.question } : {}),
      referenceNumber: w.referenceNumber || undefined,
      sheetName: w.sheetName,
      rowNumber: w.rowNumber,
      question: w.question,
      answered: before ? Boolean(before.answer?.trim()) : Boolean(w.answer?.trim()),
    });
    if (match && before) {
      plan.matches.push({
        questionId: before.questionId,
        sourceKey: w.sourceKey,
        ...(match.kind === 'REWORDED' ? { reworded: before.question } : {}),
      });
    }
  }
  for (const id of matching.removed) {
    const before = byId.get(id);
    if (!before) continue;
    changes.push({
      kind: 'REMOVED',
      questionId: id,
      referenceNumber: before.referenceNumber,
      previousQuestion: before.question,
      answered: Boolean(before.answer?.trim()),
    });
  }
  plan.removed = matching.removed;
  plan.placed = placeNewRows(
    wanted.map((w) => w.sourceKey),
    new Map(matching.matches.map((m) => [m.key, m.id])),
  );
  for (const change of changes) {
    const counter = change.kind.toLowerCase() as keyof VersionPlan['diff']['counts'];
    plan.diff.counts[counter]++;
  }
  plan.diff.changes = changes;
  return plan;
}

async function readPlan(source: SourceItem): Promise<VersionPlan | null> {
  const bytes = source.versionDiffKey ? await readObjectBytes(source.versionDiffKey) : null;
  return bytes ? (JSON.parse(new TextDecoder().decode(bytes)) as VersionPlan) : null;
}

/** GET …/version: the difference (empty while it is being compared, or when it could not be). */
export async function getSourceVersion(
  caller: TeamCaller,
  projectId: string,
  projectSourceId: string,
): Promise<SourceVersionDiff> {
  const { source } = await visibleSource(caller, projectId, projectSourceId);
  if (!source.previousSourceId || !source.versionState) throw new NotFoundError(MESSAGES.notAVersion);
  const previous = await repo.getSource({ ...keyOf(source), projectSourceId: source.previousSourceId });
  const plan = await readPlan(source);
  return {
    projectSourceId,
    fileName: source.fileName,
    previous: { projectSourceId: source.previousSourceId, fileName: previous?.fileName ?? '' },
    versionState: source.versionState,
    counts: plan?.diff.counts ?? { unchanged: 0, reworded: 0, new: 0, removed: 0 },
    changes: plan?.diff.changes ?? [],
  };
}

// ——— Applying ———

async function reviewedVersion(caller: TeamCaller, projectId: string, projectSourceId: string) {
  const { project, source } = await visibleSource(caller, projectId, projectSourceId);
  if (project.projectStatus === 'COMPLETE') throw new ConflictError(PROJECT_CLOSED);
  if (!source.previousSourceId) throw new NotFoundError(MESSAGES.notAVersion);
  if (source.versionState !== 'REVIEW') throw new ConflictError(MESSAGES.notInReview);
  return source;
}

/** POST …/version/apply: the job applies it (a 1,000-question file takes longer than a request may). */
export async function applySourceVersion(
  caller: TeamCaller,
  projectId: string,
  projectSourceId: string,
  sessionId: string | null,
): Promise<Source> {
  const source = await reviewedVersion(caller, projectId, projectSourceId);
  if (source.versionError) throw new ConflictError(source.versionError);
  const updated = await repo.setVersionState(keyOf(source), 'REVIEW', {
    versionState: 'APPLYING',
    updatedByUserId: caller.user.userId,
    changedBySession: sessionMark(sessionId),
  });
  return toSource(updated, await repo.sheetsOf(keyOf(source)));
}

/** POST …/version/discard: the new file leaves the project; nothing else changed yet. */
export async function discardSourceVersion(
  caller: TeamCaller,
  projectId: string,
  projectSourceId: string,
  sessionId: string | null,
): Promise<Source> {
  const source = await reviewedVersion(caller, projectId, projectSourceId);
  const updated = await repo.setVersionState(keyOf(source), 'REVIEW', {
    deletedAt: new Date().toISOString(),
    changedBySession: sessionMark(sessionId),
  });
  return toSource(updated, []);
}

/**
 * The job's half of applying, idempotent (a redelivery repeats the same moves): matched questions
 * move to the new file, then each carried sheet is synced (creating the new rows' questions), the
 * removed questions are unlinked, the previous file marked replaced, the new one APPLIED.
 */
export async function applyVersion(key: SourceKey) {
  const source = await repo.getSource(key);
  if (!source || source.deletedAt || source.versionState !== 'APPLYING') return;
  const by = { userId: source.updatedByUserId ?? source.createdByUserId, session: sessionMark(null) };
  try {
    const previous = await repo.getSource({ ...key, projectSourceId: source.previousSourceId ?? '' });
    const [plan, project] = await Promise.all([readPlan(source), repo.getProject(key)]);
    if (!plan || !previous || !project) throw new Error('plan, previous source or project gone');
    const at = (questionId: string) => ({ ...keyOf(source), questionId });
    await repo.patchQuestions(
      plan.matches.map((m) => ({
        key: at(m.questionId),
        set: {
          projectSourceId: source.projectSourceId,
          sourceKey: m.sourceKey,
          ...(m.reworded ? { reworded: { previousQuestion: m.reworded, fileName: previous.fileName } } : {}),
          updatedByUserId: by.userId,
          changedBySession: by.session,
        },
      })),
    );
    const sheets = new Map((await repo.sheetsOf(keyOf(source))).map((s) => [s.sheetId, s]));
    for (const carried of plan.sheets) {
      const sheet = sheets.get(carried.sheetId);
      if (!sheet) continue;
      const content = await readContent(source, sheet.sheetId);
      const config = { isLinked: true, ...carried };
      const wanted = sheetQuestions(sheet, config, content, levelsOf(project, source, sheet)).map((q) => ({
        ...q,
        questionId: plan.placed?.[q.sourceKey],
      }));
      const result = await syncQuestions(source, `${sheet.sheetId}:`, wanted, by);
      await repo.saveCarriedSheet(sheet, {
        isLinked: true,
        columnClassifications: carried.columnClassifications,
        includedRows: toRanges(carried.includedRows),
        excludedRows: toRanges(carried.excludedRows),
        questionCount: result.questionCount,
        updatedByUserId: by.userId,
        changedBySession: by.session,
      });
    }
    if (plan.document) {
      const [document, previousDocument, content] = await Promise.all([
        repo.getDocument(keyOf(source)),
        repo.getDocument(keyOf(previous)),
        readDocumentContent(source),
      ]);
      if (!document) throw new Error('the new document is gone');
      const { annotations } = plan.document;
      const wanted = documentQuestions(content, annotations, documentLevels(project, source)).map((q) => ({
        ...q,
        questionId: plan.placed?.[q.sourceKey],
      }));
      const result = await syncQuestions(source, '', wanted, by);
      await repo.saveCarriedDocument(document, {
        isLinked: true,
        annotations,
        configuration: previousDocument?.configuration ?? document.configuration,
        questionCount: result.questionCount,
        updatedByUserId: by.userId,
        changedBySession: by.session,
      });
    }
    await repo.patchQuestions(
      plan.removed.map((questionId) => ({
        key: at(questionId),
        set: { isLinked: false, updatedByUserId: by.userId, changedBySession: by.session },
      })),
    );
    const [previousSheets, previousDocument] = await Promise.all([
      repo.sheetsOf(keyOf(previous)),
      repo.getDocument(keyOf(previous)),
    ]);
    await repo.retireParts({ sheets: previousSheets, document: previousDocument }, by.session);
    await repo.markReplaced(keyOf(previous), source.projectSourceId, by.session);
    await repo.setVersionState(key, 'APPLYING', { versionState: 'APPLIED', changedBySession: by.session });
  } catch (error) {
    if (isConditionFailure(error)) return;
    logger.error('applying a new version failed', { error, key });
    await repo
      .setVersionState(key, 'APPLYING', {
        versionState: 'REVIEW',
        versionError: APPLY_VERSION_FAILED,
        changedBySession: by.session,
      })
      .catch(() => undefined);
  }
}

/** The project's other sources of the same format that could take a new version, newest first. */
function versionCandidates(source: SourceItem, sources: SourceItem[]) {
  return sources
    .filter(
      (s) =>
        s.projectSourceId !== source.projectSourceId &&
        !s.deletedAt &&
        s.status === 'READY' &&
        s.fileFormat === source.fileFormat &&
        !s.replacedBySourceId &&
        !PENDING.includes(s.versionState),
    )
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** A plain upload whose visible sheets have the names of another configured source's: its likely previous version. */
export async function likelyPreviousVersion(source: SourceItem, sheetNames: string[]) {
  const { sources, sheets } = await repo.sourcesOf({ teamId: source.teamId, projectId: source.projectId });
  const names = (list: string[]) =>
    [...list]
      .map((n) => n.trim().toLowerCase())
      .sort()
      .join('\u0000');
  const wanted = names(sheetNames);
  return versionCandidates(source, sources).find((s) => {
    const own = sheets.filter((sh) => sh.projectSourceId === s.projectSourceId);
    return (
      own.some((sh) => sh.configured && sh.questionCount > 0) &&
      names(own.filter((sh) => !sh.hidden).map((sh) => sh.sheetName)) === wanted
    );
  })?.projectSourceId;
}

/**
 * A plain upload of a Word file that is another configured Word source's questionnaire again (the
 * same file name, first headings or questions: same-document.ts): its likely previous version.
 */
export async function likelyPreviousDocument(
  source: SourceItem,
  content: DocumentContent,
  suggestion: Annotation[],
) {
  const { sources } = await repo.sourcesOf({ teamId: source.teamId, projectId: source.projectId });
  const upload = { fileName: source.fileName, content, annotations: suggestion };
  for (const candidate of versionCandidates(source, sources)) {
    const document = await repo.getDocument(keyOf(candidate));
    if (!document?.configured || !document.isLinked || document.questionCount === 0) continue;
    const previous = await readDocumentContent(candidate).catch(() => null);
    if (!previous) continue;
    const before = {
      fileName: candidate.fileName,
      content: previous,
      annotations: document.annotations as Annotation[],
    };
    if (sameQuestionnaire(before, upload)) return candidate.projectSourceId;
  }
  return undefined;
}
