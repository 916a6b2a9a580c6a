import { routeList } from '@shared/routes';
import { AnalyticsRequest } from '@shared/schemas/insights';
import { describe, expect, it } from 'vitest';
import {
  curlExample,
  exampleBody,
  KEY_PLACEHOLDER,
  KEY_SCOPE,
  localToday,
  maskedKey,
  NO_KEY,
  shellQuote,
} from './api-access';

describe('maskedKey', () => {
  it("shows the key's start and an ellipsis, or 'No key yet'", () => {
    expect(maskedKey('qwk_Ab12Cd34')).toBe('qwk_Ab12Cd34…');
    expect(maskedKey(null)).toBe(NO_KEY);
    expect(NO_KEY).toBe('No key yet');
  });
});

describe('shellQuote', () => {
  it('quotes for a POSIX shell, quotes inside included', () => {
    expect(shellQuote('plain')).toBe("'plain'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
  });
});

describe('exampleBody', () => {
  it('is a valid public API body: this year so far, three classifications', () => {
    const body = exampleBody('2026-03-05');
    expect(body).toEqual({
      answeredAfter: '2026-01-01',
      answeredBefore: '2026-03-05',
      complianceStatusList: 'COMPLIANT,NON-COMPLIANT,PARTIALLY-COMPLIANT',
    });
    expect(AnalyticsRequest.safeParse(body).success).toBe(true);
  });
});

describe('localToday', () => {
  it('writes the local day as YYYY-MM-DD', () => {
    expect(localToday(new Date(2026, 0, 9, 23, 30))).toBe('2026-01-09');
  });
});

describe('curlExample', () => {
  it('calls this host with both credentials, the paging headers and a JSON body', () => {
    const example = curlExample({
      origin: 'https://app.example.com/',
      clientId: 'client_team_1',
      today: '2026-03-05',
    });
    expect(example.split('\n')).toEqual([
      "curl -X POST 'https://app.example.com/api/analytics/questions' \\",
      "  -H 'content-type: application/json' \\",
      "  -H 'client_id: client_team_1' \\",
      `  -H 'client_secret: ${KEY_PLACEHOLDER}' \\`,
      "  -H 'limit: 100' \\",
      "  -H 'offset: 0' \\",
      "  -d '{",
      '  "answeredAfter": "2026-01-01",',
      '  "answeredBefore": "2026-03-05",',
      '  "complianceStatusList": "COMPLIANT,NON-COMPLIANT,PARTIALLY-COMPLIANT"',
      "}'",
    ]);
  });

  it('writes the key in when it is on screen', () => {
    const example = curlExample({
      origin: 'http://localhost:5173',
      clientId: 'client_t',
      apiKey: 'qwk_secret-_value',
      today: '2026-03-05',
    });
    expect(example).toContain("-H 'client_secret: qwk_secret-_value'");
    expect(example).toContain("'http://localhost:5173/api/analytics/questions'");
  });
});

describe('the key scope shown on API Access', () => {
  it('names every route the key can call, and only those', () => {
    const keyed = routeList.filter((r) => r.auth === 'api-key').map((r) => `${r.method} ${r.path}`);
    expect(KEY_SCOPE.map((s) => s.call).sort()).toEqual(keyed.sort());
    expect(
      routeList
        .filter((r) => r.auth === 'api-key')
        .every((r) => r.method === 'GET' || r.raw || r.name === 'analyticsQuestions'),
    ).toBe(true);
  });
});
