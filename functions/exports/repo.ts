/** The reads the downloads and exports make, named. Exports never write to the table. */
import {
  db,
  type QuestionItem,
  reviewedWork,
  type SourceDocumentItem,
  type SourceItem,
  type SourceSheetItem,
} from '../common/entities';

/**
 * The questions that count in the project (linked, not deleted), in creation order: one paged Query.
 * Their work as it counts: an autofill draft nobody reviewed is exported unanswered (reviewedWork).
 */
export async function linkedQuestionsOf(teamId: string, projectId: string): Promise<QuestionItem[]> {
  const { data } = await db()
    .entities.question.query.primary({ teamId, projectId })
    .where((attr, { ne, notExists }) => `${notExists(attr.deletedAt)} AND ${ne(attr.isLinked, false)}`)
    .go({ pages: 'all' });
  return data.map(reviewedWork);
}

/** Every source of the project that was not removed (one paged Query of the source items). */
export async function sourcesOf(teamId: string, projectId: string): Promise<SourceItem[]> {
  const { data } = await db().entities.source.query.primary({ teamId, projectId }).go({ pages: 'all' });
  return data.filter((source) => !source.deletedAt);
}

/** One source of the project (GetItem); null when missing or removed. */
export async function sourceOf(
  teamId: string,
  projectId: string,
  projectSourceId: string,
): Promise<SourceItem | null> {
  const { data } = await db().entities.source.get({ teamId, projectId, projectSourceId }).go();
  return data && !data.deletedAt ? data : null;
}

/** The sheets of a source, in workbook order (one Query on the source's key prefix). */
export async function sheetsOf(
  teamId: string,
  projectId: string,
  projectSourceId: string,
): Promise<SourceSheetItem[]> {
  const { data } = await db()
    .entities.sourceSheet.query.primary({ teamId, projectId, projectSourceId })
    .go({ pages: 'all' });
  return data.sort((a, b) => a.sheetIndex - b.sheetIndex);
}

/** The document of a Word source (GetItem), or null. */
export async function documentOf(
  teamId: string,
  projectId: string,
  projectSourceId: string,
): Promise<SourceDocumentItem | null> {
  const { data } = await db().entities.sourceDocument.get({ teamId, projectId, projectSourceId }).go();
  return data;
}
