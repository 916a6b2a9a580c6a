/**
 * Saving a sheet's or a document's configuration (spec 001 §4, §5, §7): the configuration is
 * checked, its questions are created, updated and unlinked (questions-from-source.ts), then the
 * configuration is stored with its version (a stale save answers 409). A sheet save too large for
 * one request is stored first and applied by the processing job (applySheet).
 */
import { classificationOf, type WordingLevels } from '../../shared/compliance';
import type { ComplianceWording } from '../../shared/schemas/project';
import {
  type Annotation,
  type ConfigureDocumentRequest,
  type ConfigureResult,
  type ConfigureSheetRequest,
  DocumentContent,
  SheetContent,
  SOURCE_VERSION_MESSAGES,
} from '../../shared/schemas/source';
import { sheetConfigProblem } from '../../shared/sheet-config';
import type { TeamCaller } from '../common/caller';
import type { ProjectItem, SourceItem, SourceSheetItem } from '../common/entities';
import { BadRequestError, ConflictError, NotFoundError } from '../common/errors';
import { documentOutline } from '../common/formats/document-outline';
import { placeAnswer } from '../common/formats/typed-text';
import { logger } from '../common/logger';
import { sessionMark } from '../common/session-mark';
import { fromRanges, markTitles, shownText, titleSections, toRanges } from '../common/sheet-rows';
import { readObjectBytes } from '../common/storage';
import { type SourcedQuestion, syncQuestions } from './questions-from-source';
import * as repo from './repo';
import {
  documentContentKey,
  NOT_READY,
  PROJECT_CLOSED,
  SHEET_NOT_FOUND,
  sheetContentKey,
  visibleSource,
} from './sources';

const invalid = (field: string, message: string) =>
  new BadRequestError('Invalid request body', { [field]: [message] });

/** A stored JSON content (a sheet's cells, a document's nodes), checked by its schema. */
export async function readJson<T>(key: string, schema: { parse: (v: unknown) => T }): Promise<T> {
  const bytes = await readObjectBytes(key);
  if (!bytes) throw new ConflictError(NOT_READY);
  return schema.parse(JSON.parse(new TextDecoder().decode(bytes)));
}

async function configurable(caller: TeamCaller, projectId: string, projectSourceId: string) {
  const { project, source } = await visibleSource(caller, projectId, projectSourceId);
  if (project.projectStatus === 'COMPLETE') throw new ConflictError(PROJECT_CLOSED);
  if (source.status !== 'READY') throw new ConflictError(NOT_READY);
  // A new version under review gets its configuration from the previous file; an old one is done.
  if (source.versionState && source.versionState !== 'APPLIED')
    throw new ConflictError(SOURCE_VERSION_MESSAGES.inReview);
  if (source.replacedBySourceId) throw new ConflictError(SOURCE_VERSION_MESSAGES.replaced);
  return { project, source };
}

/**
 * A save that gives or takes more questions than this is applied by the processing job instead of
 * the request (a sheet of 10,000 rows takes longer to write than API Gateway's 29 s allow): the
 * request stores the configuration with applyState APPLYING and answers at once. Measured: 1,000
 * questions outlived the 29 s on this shared 2-core machine under load, so the bar sits well below.
 */
export const INLINE_QUESTIONS = 250;
export const SHEET_APPLYING = "This sheet's questions are still being created. Try again once they are.";
export const APPLY_FAILED =
  "We could not create all of this sheet's questions. Save its configuration again.";

export type SheetConfiguration = Pick<SourceSheetItem, 'isLinked' | 'columnClassifications'> & {
  includedRows: number[];
};

export const levelsOf = (
  project: ProjectItem,
  source: SourceItem,
  sheet: SourceSheetItem,
): WordingLevels => ({
  sheet: sheet.complianceWording as ComplianceWording | undefined,
  file: source.complianceWording as ComplianceWording | undefined,
  project: project.complianceWording,
});

/** The questions a sheet's configuration gives: one per included row with question text. */
export function sheetQuestions(
  sheet: SourceSheetItem,
  config: SheetConfiguration,
  content: SheetContent,
  levels: WordingLevels,
): SourcedQuestion[] {
  if (!config.isLinked) return [];
  const columns = config.columnClassifications as ConfigureSheetRequest['columnClassifications'];
  const of = (type: string) => columns.filter((c) => c.columnType === type).map((c) => c.columnNumber - 1);
  const text = (cells: string[], indexes: number[]) =>
    indexes
      .map((i) => cells[i] ?? '')
      .filter(Boolean)
      .join('\n');
  const rows = new Map(content.rows.map((r) => [r.rowNumber, r.cells]));
  // A section cell merged down over a group of questions is every one's section, as Excel shows it.
  const section = (rowNumber: number) =>
    of('SECTION')
      .map((i) => shownText(content.merges, (r) => rows.get(r), rowNumber, i + 1))
      .filter(Boolean)
      .join('\n');
  // Without a Section column, the merged or bold title rows above each group of questions.
  const titled = of('SECTION').length
    ? undefined
    : titleSections(content.rows, content.merges, config.includedRows);
  // "X"-mark columns: the column marked in a row names its classification by its title.
  const marks = of('COMPLIANCE_MARK').map((i) => i + 1);
  const markClass = new Map(
    [
      ...markTitles(
        content.rows,
        marks,
        config.includedRows,
        (t) => classificationOf(t, levels) !== undefined,
      ),
    ].map(([column, title]) => [column, classificationOf(title, levels)]),
  );
  const marked = (cells: string[]) =>
    marks.filter((c) => cells[c - 1]?.trim()).map((c) => markClass.get(c))[0] ?? undefined;
  const wanted: SourcedQuestion[] = [];
  for (const rowNumber of [...new Set(config.includedRows)].sort((a, b) => a - b)) {
    const cells = rows.get(rowNumber) ?? [];
    const question = text(cells, of('QUESTION'));
    if (!question.trim()) continue;
    wanted.push({
      sourceKey: `${sheet.sheetId}:${rowNumber}`,
      order: rowNumber,
      orderGroup: sheet.sheetIndex,
      question,
      information: text(cells, of('INFORMATION')),
      referenceNumber: text(cells, of('REFERENCE_NUMBER')),
      sectionDescription: titled ? (titled.get(rowNumber) ?? '') : section(rowNumber),
      importance: text(cells, of('IMPORTANCE')),
      answer: text(cells, of('ANSWER')),
      classification: classificationOf(text(cells, of('COMPLIANCE_STATUS')), levels) ?? marked(cells),
    });
  }
  return wanted;
}

/** The request's checks of a sheet configuration against the sheet (spec 001 §5). */
function checkSheetConfiguration(sheet: SourceSheetItem, body: ConfigureSheetRequest) {
  const problem = sheetConfigProblem(body.columnClassifications, body.isLinked);
  if (problem) throw invalid('columnClassifications', problem);
  const columns = new Set<number>();
  for (const c of body.columnClassifications) {
    // One column past the used range may hold the answers (a sheet with no empty column for them).
    if (c.columnNumber > sheet.columnCount + 1) {
      throw invalid('columnClassifications', `This sheet has ${sheet.columnCount} columns`);
    }
    if (columns.has(c.columnNumber))
      throw invalid('columnClassifications', 'Each column may be classified once');
    columns.add(c.columnNumber);
  }
  if (body.rowInclusion.some((r) => r.rowNumber > sheet.rowCount)) {
    throw invalid('rowInclusion', `This sheet has ${sheet.rowCount} rows`);
  }
}

export async function configureSheet(
  caller: TeamCaller,
  ids: { projectId: string; projectSourceId: string; sheetId: string },
  body: ConfigureSheetRequest,
  sessionId: string | null,
): Promise<ConfigureResult> {
  const { project, source } = await configurable(caller, ids.projectId, ids.projectSourceId);
  const sheet = await repo.getSheet({ teamId: caller.user.teamId, ...ids });
  if (!sheet) throw new NotFoundError(SHEET_NOT_FOUND);
  if (body.version !== undefined && body.version !== sheet.version)
    throw new ConflictError(repo.STALE_CONFIGURATION);
  if (sheet.applyState === 'APPLYING') throw new ConflictError(SHEET_APPLYING);
  checkSheetConfiguration(sheet, body);

  const config: SheetConfiguration = {
    isLinked: body.isLinked,
    columnClassifications: body.columnClassifications,
    includedRows: body.rowInclusion.filter((r) => r.isLinked).map((r) => r.rowNumber),
  };
  const stored = {
    isLinked: config.isLinked,
    columnClassifications: config.columnClassifications,
    includedRows: toRanges(config.includedRows),
    excludedRows: toRanges(body.rowInclusion.filter((r) => !r.isLinked).map((r) => r.rowNumber)),
  };
  const content = await readJson(sheetContentKey(source, sheet.sheetId), SheetContent);
  const wanted = sheetQuestions(sheet, config, content, levelsOf(project, source, sheet));
  const by = { userId: caller.user.userId, session: sessionMark(sessionId) };

  if (wanted.length > INLINE_QUESTIONS || sheet.questionCount > INLINE_QUESTIONS) {
    const saved = await repo.saveSheet(sheet, {
      ...stored,
      questionCount: sheet.questionCount,
      applyState: 'APPLYING',
      updatedByUserId: by.userId,
      changedBySession: by.session,
    });
    return {
      created: 0,
      updated: 0,
      unlinked: 0,
      questionCount: wanted.length,
      version: saved?.version ?? sheet.version + 1,
      applying: true,
    };
  }
  const result = await syncQuestions(source, `${sheet.sheetId}:`, wanted, by);
  const saved = await repo.saveSheet(sheet, {
    ...stored,
    questionCount: result.questionCount,
    updatedByUserId: by.userId,
    changedBySession: by.session,
  });
  return { ...result, version: saved?.version ?? sheet.version + 1, applying: false };
}

/**
 * The processing job's half of a large save: the stored configuration turned into questions (the
 * same idempotent sync as a request's), then the sheet released with its count, or with the reason
 * it stopped. Its changes are announced to every session, the saver's included.
 */
export async function applySheet(key: {
  teamId: string;
  projectId: string;
  projectSourceId: string;
  sheetId: string;
}) {
  const sheet = await repo.getSheet(key);
  if (sheet?.applyState !== 'APPLYING') return;
  const by = { userId: sheet.updatedByUserId ?? 'system', session: sessionMark(null) };
  try {
    const [source, project] = await Promise.all([repo.getSource(key), repo.getProject(key)]);
    if (!source || source.deletedAt || !project)
      return await repo.finishApply(sheet, { session: by.session });
    const content = await readJson(sheetContentKey(source, sheet.sheetId), SheetContent);
    const config = { ...sheet, includedRows: fromRanges(sheet.includedRows) };
    const wanted = sheetQuestions(sheet, config, content, levelsOf(project, source, sheet));
    const result = await syncQuestions(source, `${sheet.sheetId}:`, wanted, by);
    await repo.finishApply(sheet, { session: by.session, questionCount: result.questionCount });
  } catch (error) {
    logger.error('applying a sheet configuration failed', { error, key });
    await repo.finishApply(sheet, { session: by.session, applyError: APPLY_FAILED });
  }
}

/** Every annotation names a node of the document, and every link a question among them. */
function checkAnnotations(annotations: Annotation[], nodes: Set<string>) {
  const questions = new Set(annotations.filter((a) => a.annotationType === 'QUESTION').map((a) => a.nodeId));
  const seen = new Set<string>();
  for (const a of annotations) {
    if (!nodes.has(a.nodeId)) throw invalid('annotations', `The document has no node ${a.nodeId}`);
    const id = `${a.annotationType}:${a.nodeId}:${a.parentNodeId ?? ''}`;
    if (seen.has(id)) throw invalid('annotations', `${a.nodeId} is annotated twice the same way`);
    seen.add(id);
    if (a.annotationType === 'QUESTION') continue;
    if (!a.parentNodeId || !questions.has(a.parentNodeId)) {
      throw invalid(
        'annotations',
        `The ${a.annotationType.toLowerCase()} at ${a.nodeId} must belong to a question`,
      );
    }
  }
}

/**
 * The questions a document's annotations give: the text comes from the document itself, never from
 * the request; its number (Word's or typed before it) is the question's reference, not part of its
 * text, and the heading above it its section.
 */
export function documentQuestions(
  content: DocumentContent,
  annotations: Annotation[],
  levels: WordingLevels,
): SourcedQuestion[] {
  const nodeIndex = new Map(content.nodes.map((n, i) => [n.nodeId, i]));
  const nodeText = new Map(content.nodes.map((n) => [n.nodeId, n.text]));
  const outline = documentOutline(content.nodes);
  const childText = (question: string, type: Annotation['annotationType'], shown = (text: string) => text) =>
    annotations
      .filter((a) => a.parentNodeId === question && a.annotationType === type)
      .map((a) => shown(nodeText.get(a.nodeId) ?? ''))
      .filter(Boolean)
      .join('\n');
  return annotations
    .filter((a) => a.annotationType === 'QUESTION' && nodeText.get(a.nodeId)?.trim())
    .map((a) => {
      const place = outline.get(a.nodeId);
      return {
        sourceKey: a.nodeId,
        order: nodeIndex.get(a.nodeId) ?? 0,
        orderGroup: 0,
        question: place?.text ?? nodeText.get(a.nodeId) ?? '',
        information: childText(a.nodeId, 'INFORMATION'),
        referenceNumber: childText(a.nodeId, 'REFERENCE') || place?.reference,
        sectionDescription: place?.section ?? '',
        // An answer place's label ("Answer:") is never the answer; boxes answer with the marked one.
        answer: childText(a.nodeId, 'ANSWER', placeAnswer),
        classification: classificationOf(childText(a.nodeId, 'COMPLIANCE', placeAnswer), levels),
      };
    });
}

export async function configureDocument(
  caller: TeamCaller,
  ids: { projectId: string; projectSourceId: string },
  body: ConfigureDocumentRequest,
  sessionId: string | null,
): Promise<ConfigureResult> {
  const { project, source } = await configurable(caller, ids.projectId, ids.projectSourceId);
  const document = await repo.getDocument({ teamId: caller.user.teamId, ...ids });
  if (!document) throw new NotFoundError('That file is not a Word document');
  if (body.version !== undefined && body.version !== document.version) {
    throw new ConflictError(repo.STALE_CONFIGURATION);
  }
  const content = await readJson(documentContentKey(source), DocumentContent);
  const nodeIndex = new Map(content.nodes.map((n, i) => [n.nodeId, i]));
  const nodeText = new Map(content.nodes.map((n) => [n.nodeId, n.text]));
  checkAnnotations(body.annotations, new Set(nodeIndex.keys()));
  const levels: WordingLevels = {
    file: source.complianceWording as ComplianceWording | undefined,
    project: project.complianceWording,
  };
  const wanted = body.isLinked ? documentQuestions(content, body.annotations, levels) : [];
  const by = { userId: caller.user.userId, session: sessionMark(sessionId) };
  const result = await syncQuestions(source, '', wanted, by);
  const saved = await repo.saveDocument(document, {
    isLinked: body.isLinked,
    annotations: body.annotations.map((a) => ({ ...a, text: nodeText.get(a.nodeId) ?? '' })),
    configuration: body.configuration,
    questionCount: result.questionCount,
    updatedByUserId: by.userId,
    changedBySession: by.session,
  });
  return { ...result, version: saved?.version ?? document.version + 1, applying: false };
}
