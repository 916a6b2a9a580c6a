/**
 * The Model Context Protocol server's tools (POST /api/mcp): their names, arguments and what each
 * answers, as the server describes them to an assistant, the API reference documents them and the
 * API Access screen lists them. All read-only.
 */
export const MCP_PATH = '/api/mcp';

export const MCP_TOOLS = {
  search_library: {
    title: 'Search the answer library',
    args: '{ query, limit? }',
    description:
      "The team's library answers that best match a question or keywords, best first, with each one's match score. Archived answers are never returned.",
  },
  suggest_answers: {
    title: 'Suggest answers for a question',
    args: '{ question, limit? }',
    description:
      "The library's suggested answers for a questionnaire question, as the product shows them, with the engine's confidence (0 to 1) in the first and whether Fill from library would draft it at the default threshold (0.9).",
  },
  get_library_answer: {
    title: 'Get a library answer',
    args: '{ answerId }',
    description: 'One library answer by its id, with the names of the supporting documents it cites.',
  },
  list_projects: {
    title: 'List projects',
    args: '{ status? }',
    description:
      "The team's projects (questionnaires) of a status, IN-PROGRESS by default, soonest due first. PRIVATE projects are not listed.",
  },
  list_open_questions: {
    title: "List a project's open questions",
    args: '{ projectId, limit?, offset? }',
    description:
      "A page of a project's questions that are not complete, in questionnaire order, with any draft answer. PRIVATE projects answer as if they did not exist.",
  },
} as const;
export type McpToolName = keyof typeof MCP_TOOLS;
