/** The exact texts of the question list (spec 002 §8). */
export const FETCH_PROJECT_ERROR = 'There was a problem fetching your project';
export const FETCH_LIST_ERROR = 'There was a problem fetching the Question List';
export const FETCH_TEAM_ERROR = 'There was a problem fetching your Project Team';
export const CREATE_QUESTION_ERROR = 'There was an error creating your question';

/** The product name, before the project's name in the page title (index.html's title). */
export const PRODUCT_NAME = 'Questionnaire Workspace';
export const pageTitle = (projectName: string) => `${PRODUCT_NAME} · ${projectName}`;

export const NO_QUESTIONS = 'This project has no questions yet';
export const NO_MATCHES = 'No questions match';
export const PROJECT_NOT_FOUND = 'Project not found';
