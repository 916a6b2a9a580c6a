/**
 * Saving a sheet's or a document's configuration (spec 001 §4, §5, §7): the configuration is
 * checked, its questions are created, updated and unlinked (questions-from-source.ts), then the
 * configuration is stored with its version (a stale save answers 409).
 */
import type { WordingLevels } from '../../shared/compliance';
import type { ComplianceWording } from '../../shared/schemas/project';
import {
  type Annotation,
  type ConfigureDocumentRequest,
  type ConfigureResult,
  type ConfigureSheetRequest,
  DocumentContent,
  SheetContent,
} from '../../shared/schemas/source';
import { sheetConfigProblem } from '../../shared/sheet-config';
import type { TeamCaller } from '../common/caller';
import { BadRequestError, ConflictError, NotFoundError } from '../common/errors';
import { sessionMark } from '../common/events';
import { readObjectBytes } from '../common/storage';
import { classificationOf, type SourcedQuestion, syncQuestions } from './questions-from-source';
import * as repo from './repo';
import { toRanges } from './rows';
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

async function readJson<T>(key: string, schema: { parse: (v: unknown) => T }): Promise<T> {
  const bytes = await readObjectBytes(key);
  if (!bytes) throw new ConflictError(NOT_READY);
  return schema.parse(JSON.parse(new TextDecoder().decode(bytes)));
}

async function configurable(caller: TeamCaller, projectId: string, projectSourceId: string) {
  const { project, source } = await visibleSource(caller, projectId, projectSourceId);
  if (project.projectStatus === 'COMPLETE') throw new ConflictError(PROJECT_CLOSED);
  if (source.status !== 'READY') throw new ConflictError(NOT_READY);
  return { project, source };
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
  const problem = sheetConfigProblem(body.columnClassifications, body.isLinked);
  if (problem) throw invalid('columnClassifications', problem);
  const columns = new Map<number, string>();
  for (const c of body.columnClassifications) {
    // One column past the used range may hold the answers (a sheet with no empty column for them).
    if (c.columnNumber > sheet.columnCount + 1) {
      throw invalid('columnClassifications', `This sheet has ${sheet.columnCount} columns`);
    }
    if (columns.has(c.columnNumber))
      throw invalid('columnClassifications', 'Each column may be classified once');
    columns.set(c.columnNumber, c.columnType);
  }
  const included = body.rowInclusion.filter((r) => r.isLinked).map((r) => r.rowNumber);
  const excluded = body.rowInclusion.filter((r) => !r.isLinked).map((r) => r.rowNumber);
  if ([...included, ...excluded].some((row) => row > sheet.rowCount)) {
    throw invalid('rowInclusion', `This sheet has ${sheet.rowCount} rows`);
  }

  const content = await readJson(sheetContentKey(source, sheet.sheetId), SheetContent);
  const levels: WordingLevels = {
    sheet: sheet.complianceWording as ComplianceWording | undefined,
    file: source.complianceWording as ComplianceWording | undefined,
    project: project.complianceWording,
  };
  const of = (type: string) =>
    body.columnClassifications.filter((c) => c.columnType === type).map((c) => c.columnNumber - 1);
  const text = (cells: string[], indexes: number[]) =>
    indexes
      .map((i) => cells[i] ?? '')
      .filter(Boolean)
      .join('\n');
  const wanted: SourcedQuestion[] = [];
  if (body.isLinked) {
    const rows = new Map(content.rows.map((r) => [r.rowNumber, r.cells]));
    for (const rowNumber of [...new Set(included)].sort((a, b) => a - b)) {
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
        sectionDescription: text(cells, of('SECTION')),
        importance: text(cells, of('IMPORTANCE')),
        answer: text(cells, of('ANSWER')),
        classification: classificationOf(text(cells, of('COMPLIANCE_STATUS')), levels),
      });
    }
  }
  const by = { userId: caller.user.userId, session: sessionMark(sessionId) };
  const result = await syncQuestions(source, `${sheet.sheetId}:`, wanted, by);
  const saved = await repo.saveSheet(sheet, {
    isLinked: body.isLinked,
    columnClassifications: body.columnClassifications,
    includedRows: toRanges(included),
    excludedRows: toRanges(excluded),
    questionCount: result.questionCount,
    updatedByUserId: by.userId,
    changedBySession: by.session,
  });
  return { ...result, version: saved?.version ?? sheet.version + 1 };
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
  const childText = (question: string, type: Annotation['annotationType']) =>
    body.annotations
      .filter((a) => a.parentNodeId === question && a.annotationType === type)
      .map((a) => nodeText.get(a.nodeId) ?? '')
      .filter(Boolean)
      .join('\n');
  const wanted: SourcedQuestion[] = body.isLinked
    ? body.annotations
        .filter((a) => a.annotationType === 'QUESTION' && nodeText.get(a.nodeId)?.trim())
        .map((a) => ({
          sourceKey: a.nodeId,
          order: nodeIndex.get(a.nodeId) ?? 0,
          orderGroup: 0,
          // The text comes from the document itself, never from the request.
          question: nodeText.get(a.nodeId) ?? '',
          information: childText(a.nodeId, 'INFORMATION'),
          referenceNumber:
            childText(a.nodeId, 'REFERENCE') || content.nodes[nodeIndex.get(a.nodeId) ?? 0]?.numbering,
          answer: childText(a.nodeId, 'ANSWER'),
          classification: classificationOf(childText(a.nodeId, 'COMPLIANCE'), levels),
        }))
    : [];
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
  return { ...result, version: saved?.version ?? document.version + 1 };
}
