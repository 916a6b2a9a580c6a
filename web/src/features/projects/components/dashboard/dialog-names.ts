/** The dialogs of the project dashboard, opened from the Manage Project menu and the cards. */
export type DashboardDialog =
  | 'add-questions'
  | 'add-question'
  | 'sources'
  | 'add-file'
  | 'export'
  | 'portal'
  | 'compliance'
  | 'sharing'
  | 'close'
  | 'reopen'
  | 'attachments'
  | 'project-files';
