/**
 * The API Access tab (spec 002 §2.8, §7.8): the key as it may be shown, and the documentation
 * card's example call, built for the host the app is served from.
 */
import {
  ANALYTICS_PAGE_DEFAULT,
  ANALYTICS_PAGE_MAX,
  INSIGHT_CLASSIFICATIONS,
} from '@shared/schemas/insights';

export const ANALYTICS_PATH = '/api/analytics/questions';
export const API_REFERENCE_PATH = '/api/docs';
export const NO_KEY = 'No key yet';
export const KEY_PLACEHOLDER = 'YOUR_API_KEY';

/** What a team's key may call and read (read-only: it cannot change anything). */
export const KEY_SCOPE: ReadonlyArray<{ call: string; reads: string }> = [
  {
    call: 'POST /api/analytics/questions',
    reads: 'Answered questions of every project, PRIVATE ones included',
  },
  { call: 'GET /api/v1/projects', reads: 'Projects that are not PRIVATE' },
  {
    call: 'GET /api/v1/projects/{projectId}/questions',
    reads: "A project's questions and answers (not PRIVATE)",
  },
  { call: 'GET /api/v1/library/answers', reads: 'Library answers in use or flagged' },
  {
    call: 'POST /api/mcp',
    reads: 'The MCP tools: the library, projects that are not PRIVATE, open questions',
  },
];
export { ANALYTICS_PAGE_DEFAULT, ANALYTICS_PAGE_MAX };

/** The stored key as shown: its first characters and an ellipsis, or 'No key yet'. */
export const maskedKey = (apiKeyPrefix: string | null | undefined) =>
  apiKeyPrefix ? `${apiKeyPrefix}…` : NO_KEY;

/** A value in single quotes for a POSIX shell (a quote inside is closed, escaped and reopened). */
export const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** The example body: this year so far, every classification but Not Applicable. */
export function exampleBody(today: string) {
  return {
    answeredAfter: `${today.slice(0, 4)}-01-01`,
    answeredBefore: today,
    complianceStatusList: INSIGHT_CLASSIFICATIONS.filter((c) => c !== 'NOT-APPLICABLE').join(','),
  };
}

/** Today as YYYY-MM-DD in local time. */
export function localToday(now: Date = new Date()) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export interface CurlExampleInput {
  /** Where the app is served, e.g. window.location.origin. */
  origin: string;
  clientId: string;
  /** The key when it is on screen (just generated), else a placeholder is written. */
  apiKey?: string | null;
  today: string;
}

/** The curl call a customer can paste (spec 002 §7.8): both credentials, the paging headers, a body. */
export function curlExample({ origin, clientId, apiKey, today }: CurlExampleInput): string {
  const url = `${origin.replace(/\/+$/, '')}${ANALYTICS_PATH}`;
  const body = JSON.stringify(exampleBody(today), null, 2);
  return [
    `curl -X POST ${shellQuote(url)} \\`,
    `  -H 'content-type: application/json' \\`,
    `  -H ${shellQuote(`client_id: ${clientId}`)} \\`,
    `  -H ${shellQuote(`client_secret: ${apiKey || KEY_PLACEHOLDER}`)} \\`,
    `  -H 'limit: ${ANALYTICS_PAGE_DEFAULT}' \\`,
    `  -H 'offset: 0' \\`,
    `  -d ${shellQuote(body)}`,
  ].join('\n');
}
