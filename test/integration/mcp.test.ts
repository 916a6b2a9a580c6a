/**
 * The answer engine over the Model Context Protocol (issue 31 part 4): the SDK's own client,
 * connected over streamable HTTP to POST /api/mcp of the local gateway with the team's API key,
 * lists the tools and calls each one on the demo workspace. PRIVATE projects, and documents
 * uploaded into them, are invisible to it; a wrong key is refused before any tool runs.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES } from '../../functions/common/api-keys';
import { bindService } from '../../functions/common/db';
import { DocumentEntity } from '../../functions/documents/entities/document';
import { LibraryAnswerEntity } from '../../functions/library/entities/library-answer';
import { MCP_MESSAGES } from '../../functions/mcp/service';
import { DEMO } from '../../scripts/local/provision';
import { MCP_TOOLS, type McpToolName } from '../../shared/mcp-tools';
import { client } from '../support/api-client';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';

const resources = new Resources();
let stack: TestStack;
const api = client(() => stack);
let token: string;
let teamId: string;
let credentials: { client_id: string; client_secret: string };
const tables = () => bindService({ libraryAnswer: LibraryAnswerEntity, document: DocumentEntity })();

/** The SDK's client, connected with these headers; closed when the file ends. */
async function connect(headers: Record<string, string> = credentials) {
  const mcp = new Client({ name: 'workspace-test', version: '1.0.0' });
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(`${stack.appUrl}/api/mcp`), { requestInit: { headers } }),
  );
  resources.add(() => mcp.close());
  return mcp;
}

/** A tool's structured answer (and its text, which carries the same JSON). */
async function call<T>(mcp: Client, name: string, args: Record<string, unknown>) {
  const result = await mcp.callTool({ name, arguments: args });
  const text = (result.content as Array<{ type: string; text: string }>)[0]?.text ?? '';
  if (result.isError) return { error: text } as const;
  expect(JSON.parse(text)).toEqual(result.structuredContent);
  return { data: result.structuredContent as T } as const;
}

const ok = <T>(response: { status: number; body: { data: T } }, what: string) => {
  if (response.status !== 200) throw new Error(`${what} answered ${response.status}`);
  return response.body.data;
};

beforeAll(async () => {
  stack = await resources.start(startTestStack(), (s) => s.stop());
  token = await stack.signIn(DEMO.email, DEMO.password);
  teamId = ok<{ teamId: string }>(await api.call('getUser', { token }), 'getUser').teamId;
  const key = ok<{ clientId: string; apiKey: string }>(await api.call('generateApiKey', { token }), 'key');
  credentials = { client_id: key.clientId, client_secret: key.apiKey };
}, 180_000);
afterAll(() => resources.stopAll());

/** A new project of the demo team that nobody but its creator is on. */
async function privateProject(name: string) {
  const project = ok<{ projectId: string }>(
    await api.call('createProject', { token, body: { name } }),
    'createProject',
  );
  ok(
    await api.call('updateProjectAccess', {
      token,
      params: { projectId: project.projectId },
      body: { accessVisibility: 'PRIVATE', shareWith: [] },
    }),
    'updateProjectAccess',
  );
  return project;
}

interface EngineAnswer {
  answerId: string;
  question: string;
  answer: string;
  status: string;
  score: number;
}

describe('MCP server', () => {
  it('lists the read-only tools with their input schemas', async () => {
    // Act
    const mcp = await connect();
    const { tools } = await mcp.listTools();

    // Assess
    expect(mcp.getServerVersion()?.name).toBe('questionnaire-workspace');
    expect(tools.map((t) => t.name).sort()).toEqual(Object.keys(MCP_TOOLS).sort());
    expect(tools).toHaveLength(5);
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint).toBe(true);
      expect(tool.description).toBe(MCP_TOOLS[tool.name as McpToolName].description);
      expect(tool.inputSchema.type).toBe('object');
    }
    const search = tools.find((t) => t.name === 'search_library');
    expect(search?.inputSchema.required).toEqual(['query']);
  });

  it('finds a library answer for reworded questions, as the library screen would', async () => {
    // Prepare
    const mcp = await connect();

    // Act
    const found = await call<{ answers: EngineAnswer[] }>(mcp, 'search_library', {
      query: 'Do you encrypt customer data stored on disk?',
      limit: 3,
    });

    // Assess: the best answer speaks of encryption at rest, and scores come best first.
    expect(found.data?.answers.length).toBeGreaterThan(0);
    const [best, ...rest] = found.data?.answers ?? [];
    expect(`${best.question} ${best.answer}`).toMatch(/encrypt/i);
    expect(best.status).not.toBe('ARCHIVED');
    for (const next of rest) expect(next.score).toBeLessThanOrEqual(best.score);
  });

  it('suggests answers with the engine confidence and the autofill threshold, and says when none can be trusted', async () => {
    // Prepare
    const mcp = await connect();

    // Act
    const suggested = await call<{
      suggestions: EngineAnswer[];
      confidence: number;
      autofillThreshold: number;
      wouldAutofill: boolean;
    }>(mcp, 'suggest_answers', { question: 'Is multi-factor authentication enforced for all users?' });
    const nonsense = await call<{ suggestions: EngineAnswer[]; confidence: number; wouldAutofill: boolean }>(
      mcp,
      'suggest_answers',
      { question: 'Qwertyuiop zxcvbnm asdfghjkl?' },
    );

    // Assess
    expect(suggested.data?.suggestions.length).toBeGreaterThan(0);
    expect(suggested.data?.suggestions.length).toBeLessThanOrEqual(3);
    expect(suggested.data?.autofillThreshold).toBe(0.9);
    expect(suggested.data?.confidence).toBeGreaterThan(0);
    expect(suggested.data?.wouldAutofill).toBe((suggested.data?.confidence ?? 0) >= 0.9);
    expect(nonsense.data).toMatchObject({ suggestions: [], confidence: 0, wouldAutofill: false });
  });

  it('gets an answer with the names of the documents it cites, leaving out one uploaded into a PRIVATE project', async () => {
    // Prepare: an answer cites two demo documents; one of them was uploaded into a project that
    // turns PRIVATE.
    const mcp = await connect();
    const documents = ok<Array<{ documentId: string; documentName: string }>>(
      await api.call('listDocuments', { token }),
      'listDocuments',
    );
    expect(documents.length).toBeGreaterThanOrEqual(2);
    const [shown, hidden] = documents;
    const project = await privateProject('MCP private home');
    await tables()
      .entities.document.patch({ teamId, documentId: hidden.documentId })
      .set({ uploadedInProjectId: project.projectId })
      .go();
    const found = await call<{ answers: EngineAnswer[] }>(mcp, 'search_library', {
      query: 'encryption at rest',
    });
    const answerId = found.data?.answers[0].answerId as string;
    await tables()
      .entities.libraryAnswer.patch({ teamId, answerId })
      .set({ documentIds: [shown.documentId, hidden.documentId, 'document-that-was-deleted'] })
      .go();

    // Act
    const got = await call<{
      answerId: string;
      answer: string;
      documents: Array<{ documentId: string; name: string }>;
    }>(mcp, 'get_library_answer', { answerId });
    const missing = await call(mcp, 'get_library_answer', { answerId: 'no-such-answer' });

    // Assess
    expect(got.data?.answerId).toBe(answerId);
    expect(got.data?.answer.length).toBeGreaterThan(0);
    expect(got.data?.documents).toEqual([
      expect.objectContaining({ documentId: shown.documentId, name: shown.documentName }),
    ]);
    expect(JSON.stringify(got.data)).not.toContain(hidden.documentName);
    expect(missing).toEqual({ error: MCP_MESSAGES.answerNotFound });
  });

  it("lists open projects and a project's open questions a page at a time; a PRIVATE project does not exist for it", async () => {
    // Prepare: a project with three questions, one of them completed, and a PRIVATE project.
    const mcp = await connect();
    const shared = ok<{ projectId: string }>(
      await api.call('createProject', { token, body: { name: 'MCP shared questionnaire' } }),
      'createProject',
    );
    const questions: string[] = [];
    for (const [n, text] of [
      'Do you run annual penetration tests?',
      'Is data encrypted in transit?',
      'Do you have a named security officer?',
    ].entries()) {
      const added = ok<{ questionId: string }>(
        await api.call('addQuestion', {
          token,
          params: { projectId: shared.projectId },
          body: { question: text, referenceNumber: `M.${n + 1}`, sectionDescription: 'Security' },
        }),
        'addQuestion',
      );
      questions.push(added.questionId);
    }
    ok(
      await api.call('updateQuestion', {
        token,
        params: { projectId: shared.projectId, questionId: questions[1] },
        body: { answer: 'Yes, TLS 1.2 or later everywhere.', responseClassification: 'COMPLIANT' },
      }),
      'updateQuestion',
    );
    ok(
      await api.call('completeQuestion', {
        token,
        params: { projectId: shared.projectId, questionId: questions[1] },
      }),
      'completeQuestion',
    );
    const hidden = await privateProject('MCP private questionnaire');

    // Act
    const projects = await call<{ projects: Array<{ projectId: string; name: string }> }>(
      mcp,
      'list_projects',
      {},
    );
    const firstPage = await call<{
      total: number;
      questions: Array<{ questionId: string; referenceNumber: string; section: string }>;
    }>(mcp, 'list_open_questions', { projectId: shared.projectId, limit: 1 });
    const secondPage = await call<{ total: number; questions: Array<{ questionId: string }> }>(
      mcp,
      'list_open_questions',
      {
        projectId: shared.projectId,
        limit: 1,
        offset: 1,
      },
    );
    const privateOne = await call(mcp, 'list_open_questions', { projectId: hidden.projectId });

    // Assess
    const names = projects.data?.projects.map((p) => p.name) ?? [];
    expect(names).toContain('MCP shared questionnaire');
    expect(names).not.toContain('MCP private questionnaire');
    expect(firstPage.data?.total).toBe(2);
    expect(firstPage.data?.questions).toEqual([
      expect.objectContaining({ questionId: questions[0], referenceNumber: 'M.1', section: 'Security' }),
    ]);
    expect(secondPage.data?.questions.map((q) => q.questionId)).toEqual([questions[2]]);
    expect(privateOne).toEqual({ error: MCP_MESSAGES.projectNotFound });
  });

  it('refuses bad tool arguments with the reason, and a wrong or missing key before any tool runs', async () => {
    // Prepare
    const mcp = await connect();

    // Act
    const badArgs = await mcp.callTool({ name: 'search_library', arguments: { query: '', limit: 500 } });
    const wrongKey = await connect({ ...credentials, client_secret: `${credentials.client_secret}x` }).then(
      () => 'connected',
      (error: Error) => error.message,
    );
    const rawNoKey = await fetch(`${stack.appUrl}/api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    const notJsonRpc = await fetch(`${stack.appUrl}/api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...credentials },
      body: JSON.stringify({ jsonrpc: '1.0', method: 'tools/list' }),
    });

    // Assess
    expect(badArgs.isError).toBe(true);
    expect(JSON.stringify(badArgs.content)).toMatch(/query|limit/);
    expect(wrongKey).toContain(API_KEY_MESSAGES.invalid);
    expect(rawNoKey.status).toBe(401);
    expect(await rawNoKey.json()).toEqual({ message: API_KEY_MESSAGES.missing });
    expect(notJsonRpc.status).toBe(400);
    expect(await notJsonRpc.json()).toMatchObject({ fieldErrors: { jsonrpc: ['jsonrpc must be "2.0"'] } });
  });
});

describe('the public read API', () => {
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${stack.appUrl}${path}`, { headers: { ...credentials, ...headers } });
    return { status: response.status, body: (await response.json()) as { data: any; message?: string } };
  };

  it("pages the team's projects, a project's questions and the library's answers, never a PRIVATE project", async () => {
    // Prepare
    const hidden = await privateProject('Public API private project 9d2b');
    const { questionId } = ok<{ questionId: string }>(
      await api.call('addQuestion', {
        token,
        params: { projectId: hidden.projectId },
        body: { question: 'Hidden question 9d2b?' },
      }),
      'addQuestion',
    );
    expect(questionId).toBeTruthy();

    // Act
    const projects = await get('/api/v1/projects');
    const open = await get('/api/v1/projects?status=IN-PROGRESS');
    const firstTwo = await get('/api/v1/projects', { limit: '2' });
    const nextTwo = await get('/api/v1/projects', { limit: '2', offset: '2' });
    const shared = (projects.body.data as Array<{ projectId: string; status: string }>)[0];
    const questions = await get(`/api/v1/projects/${shared.projectId}/questions`, { limit: '5' });
    const secret = await get(`/api/v1/projects/${hidden.projectId}/questions`);
    const answers = await get('/api/v1/library/answers', { limit: '3' });
    const moreAnswers = await get('/api/v1/library/answers', { limit: '3', offset: '3' });
    const badPaging = await get('/api/v1/library/answers', { limit: '5000' });
    const noKey = await fetch(`${stack.appUrl}/api/v1/projects`);

    // Assess
    expect(projects.status).toBe(200);
    expect(JSON.stringify(projects.body)).not.toContain('9d2b');
    expect(projects.body.data.map((p: { projectId: string }) => p.projectId)).not.toContain(hidden.projectId);
    expect(open.body.data.every((p: { status: string }) => p.status === 'IN-PROGRESS')).toBe(true);
    expect(firstTwo.body.data).toEqual(projects.body.data.slice(0, 2));
    expect(nextTwo.body.data).toEqual(projects.body.data.slice(2, 4));
    expect(questions.status).toBe(200);
    expect(questions.body.data.length).toBeGreaterThan(0);
    expect(questions.body.data.length).toBeLessThanOrEqual(5);
    expect(Object.keys(questions.body.data[0]).sort()).toEqual(
      [
        'answer',
        'assignedToUserId',
        'classification',
        'question',
        'questionId',
        'referenceNumber',
        'section',
        'status',
        'updatedAt',
      ].sort(),
    );
    expect(secret.status).toBe(404);
    expect(secret.body.message).toBe(MCP_MESSAGES.projectNotFound);
    expect(answers.body.data).toHaveLength(3);
    expect(answers.body.data.every((a: { status: string }) => a.status !== 'ARCHIVED')).toBe(true);
    const ids = [...answers.body.data, ...moreAnswers.body.data].map((a: { answerId: string }) => a.answerId);
    expect(new Set(ids).size).toBe(6);
    expect(badPaging.status).toBe(400);
    expect(noKey.status).toBe(401);
  });
});
