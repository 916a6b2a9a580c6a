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
export const noQuestionsTooltip = (heading: string) => `There are no ${heading} questions`;

/** Menu items and choices whose feature arrives with a later release. */
export const IMPORT_LATER = 'Importing questions from a file is coming soon';
export const EXPORT_LATER = 'Exporting a project is coming soon';
export const ATTACHMENTS_LATER = 'Attachments are coming soon';
