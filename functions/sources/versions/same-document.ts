/**
 * Whether a plain upload of a Word file is another Word source's questionnaire again (issue 27
 * part 1), as pure data: the same file name (its extension, a copy number "(1)", case and spacing
 * aside), the same first headings (two or more), or a very similar question set (most questions of
 * the larger of the two matched by wording, match.ts).
 */
import type { Annotation, DocumentContent } from '../../../shared/schemas/source';
import { documentQuestions } from '../configure';
import { matchVersions, normaliseWording } from './match';

export interface DocumentVersion {
  fileName: string;
  content: DocumentContent;
  /** Its questions' annotations: the saved ones of a configured document, the detected ones of an upload. */
  annotations: Annotation[];
}

/** Share of the larger question set matched by wording at or above which two documents are one questionnaire. */
export const SIMILAR_QUESTIONS = 0.6;

const fileKey = (name: string) =>
  name
    .replace(/\.[^.]*$/, '')
    .replace(/\s*\(\d+\)$/, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');

/** The first headings of a document (up to three), as a reader would compare them; '' for fewer than two. */
const firstHeadings = (content: DocumentContent) => {
  const headings = content.nodes
    .filter((n) => n.headingLevel && normaliseWording(n.text))
    .slice(0, 3)
    .map((n) => normaliseWording(n.text));
  return headings.length >= 2 ? headings.join('\u0000') : '';
};

export function sameQuestionnaire(previous: DocumentVersion, upload: DocumentVersion): boolean {
  if (fileKey(previous.fileName) === fileKey(upload.fileName)) return true;
  const headings = firstHeadings(upload.content);
  if (headings && firstHeadings(previous.content) === headings) return true;
  const before = documentQuestions(previous.content, previous.annotations, {}).map((q) => ({
    id: q.sourceKey,
    question: q.question,
    referenceNumber: q.referenceNumber,
  }));
  const after = documentQuestions(upload.content, upload.annotations, {}).map((q) => ({
    key: q.sourceKey,
    question: q.question,
    referenceNumber: q.referenceNumber,
  }));
  const { matches } = matchVersions(before, after);
  return matches.length >= 3 && matches.length >= SIMILAR_QUESTIONS * Math.max(before.length, after.length);
}
