/** The exact texts of the project dashboard (spec 001 §2, §8; spec 002 §5, §8). */
export const FETCH_PROJECT_ERROR = 'There was a problem fetching your Project';
export const UPDATE_PROJECT_ERROR = 'There was a problem updating your Project';
export const UPDATE_ASSIGNEE_ERROR = 'There was a problem updating the assignee';
export const FETCH_TEAM_ERROR = 'There was a problem fetching your Project Team';
export const SAVE_PROJECT_ERROR = 'There was an error updating your project';
export const COMPLIANCE_ERROR = 'There was an error fetching your current configuration';
export const CREATE_QUESTION_ERROR = 'There was an error creating your question';
export const FETCH_TAGS_ERROR = 'There was an error retrieving tags';
export const ADD_TAG_ERROR = 'There was an error adding that tag';
export const REMOVE_TAG_ERROR = 'There was an error deleting that tag';

export const PROJECT_CLOSED = 'The project has been closed successfully!';
export const PROJECT_OPENED = 'The project has been opened successfully!';

export const NO_QUESTIONNAIRE_ACCESS = "You don't have access to view the questionnaire";
export const NO_PROGRESS = 'There is no progress, yet.';
/** A status tile with no questions (spec 001 §2: "There are no {heading} questions."). */
export const noQuestionsTooltip = (heading: string) => `There are no ${heading} questions.`;

/** Attachments (spec 001 §8); the other document texts are DOCUMENT_MESSAGES of shared/schemas/document. */
export const LIBRARY_DOCUMENTS_ERROR = 'There was an error retrieving your document library';

/** Question sources (spec 001 §5, §8): the shared texts, and the screens' own. */
export { SOURCE_MESSAGES } from '@shared/schemas/source';
export const SOURCE_UPLOADED = 'Your file has been uploaded. We are reading it now.';
export const SHEET_CONFLICT =
  'Someone else saved this sheet while you were editing it. Their configuration has been loaded.';
export const DETECTED_LAYOUT =
  'We detected the header, the columns and the question rows of this sheet. Please check them, then save.';
export const UNSAVED_TITLE = 'Discard unsaved changes?';
export const UNSAVED_BODY =
  'You have changes to this sheet that have not been saved. Discard them, or keep editing and save.';
/** The toast after a sheet is saved: what happened to its questions. */
export function sheetSavedMessage(
  sheetName: string,
  {
    created,
    updated,
    unlinked,
    applying,
    questionCount,
  }: { created: number; updated: number; unlinked: number; applying: boolean; questionCount: number },
): string {
  const plural = (n: number) => (n === 1 ? 'question' : 'questions');
  if (applying)
    return `${sheetName} saved: its ${questionCount.toLocaleString('en')} ${plural(questionCount)} are being created and join the project in a moment`;
  return `${sheetName} saved: ${created} ${plural(created)} created, ${updated} updated, ${unlinked} unlinked`;
}
