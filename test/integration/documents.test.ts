/**
 * The document library and attachments through the local gateway (issue 14): uploads checked by
 * their bytes, archive and reinstate, versions, attachments to projects and questions with their
 * usage counts and PRIVATE rules (a document uploaded into a project is seen only by those who may see
 * where it is attached), and the expiry flow driven with a fixed clock (notices to the
 * uploader and assignees, questions flagged for review, library answers moved to Needs Review, the
 * flag cleared by a review or a renewed document).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExpiries } from '../../functions/documents/expiry-job';
import { DOCUMENT_MESSAGES, type LibraryDocument, type ProjectFile } from '../../shared/schemas/document';
import type { Question } from '../../shared/schemas/question';
import { type ApiClient, client } from '../support/api-client';
import { addDocument, addDocumentVersion, pdfBytes, uploadDocument } from '../support/documents';
import { startTestStack, type TestStack } from '../support/local-stack';
import { mailTo } from '../support/mail';
import { type Person, people } from '../support/people';
import { Resources } from '../support/resources';

const resources = new Resources();
let stack: TestStack;
let api: ApiClient;
let owner: Person;
let member: Person;
let viewer: Person;
let manager: Person;
const as = (person: Person) => api.as(person.token);

function ok<T = any>(response: { status: number; body: any }, what: string): T {
  if (response.status !== 200)
    throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as T;
}

const DAY = 86_400_000;
const dayAfter = (days: number, from = Date.now()) => new Date(from + days * DAY).toISOString().slice(0, 10);
const noon = (day: string) => new Date(`${day}T12:00:00Z`);

beforeAll(async () => {
  stack = await resources.start(startTestStack({ seed: false }), (s) => s.stop());
  api = client(stack);
  const { register, join } = people(stack, api);
  owner = await register('grace@northwind.test', 'Northwind Security', {
    givenName: 'Grace',
    lastName: 'Owner',
  });
  member = await join(owner, 'mo@northwind.test', 'ROLE_MEMBER', { givenName: 'Moana', lastName: 'Member' });
  viewer = await join(owner, 'vi@northwind.test', 'ROLE_VIEWER', { givenName: 'Violet', lastName: 'Viewer' });
  manager = await join(owner, 'mani@northwind.test', 'ROLE_MANAGER', {
    givenName: 'Mani',
    lastName: 'Manager',
  });
}, 180_000);

afterAll(() => resources.stopAll());

async function project(name: string, questions: string[], visibility: 'TEAM' | 'PRIVATE' = 'TEAM') {
  const { projectId } = ok(await as(owner).call('createProject', { body: { name } }), 'createProject');
  const ids: string[] = [];
  for (const question of questions) {
    ids.push(
      ok(await as(owner).call('addQuestion', { params: { projectId }, body: { question } }), 'addQuestion')
        .questionId,
    );
  }
  if (visibility === 'PRIVATE') {
    const body = { accessVisibility: 'PRIVATE' as const, shareWith: [owner.userId] };
    ok(await as(owner).call('updateProjectAccess', { params: { projectId }, body }), 'updateProjectAccess');
  }
  return { projectId, questionIds: ids };
}

const documents = async (person: Person, all = false) =>
  ok<LibraryDocument[]>(await as(person).call(all ? 'listAllDocuments' : 'listDocuments'), 'listDocuments');

describe('the document library', () => {
  it('offers the document types, Other included', async () => {
    const types = ok(await as(member).call('listDocumentTypes'), 'listDocumentTypes');
    expect(types.map((t: { documentName: string }) => t.documentName)).toContain('SOC 2 Type II Report');
    expect(types.at(-1)).toEqual({ documentTypeId: 'OTHER', documentName: 'Other' });
  });

  it('stores an uploaded PDF checked by its bytes, lists it, and opens it through a short-lived link', async () => {
    // Prepare
    const bytes = pdfBytes('Northwind SOC 2 Type II report, period ending 30 June');

    // Act
    const documentId = await addDocument(as(member), {
      fileName: 'Northwind SOC 2 Type II 2026.pdf',
      documentName: 'SOC 2 Type II Report 2026',
      documentTypeId: 'SOC2_REPORT',
      bytes,
    });

    // Assess
    const listed = (await documents(viewer)).find((d) => d.documentId === documentId);
    expect(listed).toMatchObject({
      documentName: 'SOC 2 Type II Report 2026',
      documentTypeId: 'SOC2_REPORT',
      fileName: 'Northwind SOC 2 Type II 2026.pdf',
      documentStatus: 'UPLOADED',
      createdByUserId: member.userId,
      contentType: 'application/pdf',
      size: bytes.length,
      fileVersion: 1,
    });
    const file = await fetch(listed!.accessUrl);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
    expect((await as(member).call('completeDocument', { params: { documentId }, body: {} })).status).toBe(
      404,
    );
  });

  it('refuses files that are not what they claim, and files over 25 MB, with the spec’s messages', async () => {
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const documentId = await uploadDocument(as(owner), {
      fileName: 'policy.pdf',
      documentName: 'Security policy',
      bytes: html,
    });
    const refused = await as(owner).call('completeDocument', { params: { documentId }, body: {} });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(DOCUMENT_MESSAGES.wrongType);
    expect((await documents(owner, true)).some((d) => d.documentId === documentId)).toBe(false);

    const body = {
      fileName: 'report.pdf',
      contentType: 'application/pdf',
      documentName: 'Big report',
      documentTypeId: 'OTHER' as const,
    };
    const tooLarge = await as(owner).call('createDocument', {
      body: { ...body, sizeBytes: 26 * 1024 * 1024 },
    });
    expect(tooLarge.status).toBe(400);
    expect(JSON.stringify(tooLarge.body)).toContain(DOCUMENT_MESSAGES.tooLarge);
    const executable = await as(owner).call('createDocument', { body: { ...body, fileName: 'setup.exe' } });
    expect(executable.status).toBe(400);
    const unnamed = await as(owner).call('createDocument', { body: { ...body, documentName: '   ' } });
    expect(JSON.stringify(unnamed.body)).toContain(DOCUMENT_MESSAGES.nameRequired);
    expect((await as(viewer).call('createDocument', { body })).status).toBe(403);
  });

  it('archives and reinstates; only library managers may', async () => {
    const documentId = await addDocument(as(owner), {
      fileName: 'Pen test 2026.pdf',
      documentName: 'Pen test letter',
    });
    expect((await as(member).call('archiveDocument', { params: { documentId } })).status).toBe(403);

    const archived = ok<LibraryDocument>(
      await as(owner).call('archiveDocument', { params: { documentId } }),
      'archive',
    );
    expect(archived.documentStatus).toBe('DEACTIVE');
    expect((await documents(owner)).some((d) => d.documentId === documentId)).toBe(false);
    expect((await documents(owner, true)).find((d) => d.documentId === documentId)?.documentStatus).toBe(
      'DEACTIVE',
    );

    const reinstated = ok<LibraryDocument>(
      await as(owner).call('reinstateDocument', { params: { documentId } }),
      'reinstate',
    );
    expect(reinstated.documentStatus).toBe('UPLOADED');
    expect((await documents(owner)).some((d) => d.documentId === documentId)).toBe(true);
  });

  it('keeps earlier files in the history when a new one is uploaded; a stale edit is refused', async () => {
    const first = pdfBytes('Insurance certificate 2025');
    const documentId = await addDocument(as(owner), {
      fileName: 'Insurance 2025.pdf',
      documentName: 'Cyber insurance certificate',
      documentTypeId: 'INSURANCE_CERTIFICATE',
      bytes: first,
    });
    const second = pdfBytes('Insurance certificate 2026');
    const current = await addDocumentVersion(as(owner), documentId, {
      fileName: 'Insurance 2026.pdf',
      bytes: second,
    });
    expect(current).toMatchObject({ fileName: 'Insurance 2026.pdf', fileVersion: 2 });

    const history = ok<Array<{ fileVersion: number; fileName: string; accessUrl: string }>>(
      await as(viewer).call('listDocumentVersions', { params: { documentId } }),
      'versions',
    );
    expect(history.map((h) => [h.fileVersion, h.fileName])).toEqual([
      [2, 'Insurance 2026.pdf'],
      [1, 'Insurance 2025.pdf'],
    ]);
    expect(new Uint8Array(await (await fetch(history[1].accessUrl)).arrayBuffer())).toEqual(first);

    const { version } = (await documents(owner)).find((d) => d.documentId === documentId)!;
    const renamed = ok<LibraryDocument>(
      await as(owner).call('updateDocument', {
        params: { documentId },
        body: { version, documentName: 'Cyber insurance certificate 2026' },
      }),
      'updateDocument',
    );
    expect(renamed.documentName).toBe('Cyber insurance certificate 2026');
    const stale = await as(owner).call('updateDocument', {
      params: { documentId },
      body: { version, documentName: 'x' },
    });
    expect(stale.status).toBe(409);
  });
});

describe('attachments', () => {
  it('attaches to a project and its questions, counts the questions, and removes from all after the dialog', async () => {
    // Prepare
    const { projectId, questionIds } = await project('Contoso vendor review', [
      'Do you hold a current SOC 2 Type II report?',
      'Describe your penetration testing programme.',
      'Do you carry cyber liability insurance?',
    ]);
    const documentId = await addDocument(as(owner), {
      fileName: 'SOC 2.pdf',
      documentName: 'SOC 2 Type II Report',
    });

    // Act: from the question's upload dialog (complete attaches), then by picking it for another.
    const uploaded = await addDocument(
      as(member),
      { fileName: 'Pen test summary.pdf', documentName: 'Pen test summary' },
      { projectId, questionId: questionIds[1] },
    );
    for (const questionId of questionIds.slice(0, 2)) {
      ok(
        await as(member).call('attachQuestionDocument', {
          params: { projectId, questionId },
          body: { documentId },
        }),
        'attachQuestionDocument',
      );
    }
    ok(
      await as(member).call('attachProjectDocument', { params: { projectId }, body: { documentId } }),
      'attachProject',
    );
    // Attaching again changes nothing.
    ok(
      await as(member).call('attachProjectDocument', { params: { projectId }, body: { documentId } }),
      'attachProject',
    );

    // Assess
    const onQuestion = ok(
      await as(viewer).call('listQuestionDocuments', { params: { projectId, questionId: questionIds[1] } }),
      'listQuestionDocuments',
    );
    expect(onQuestion.map((a: any) => [a.document.documentName, a.usageCount]).sort()).toEqual([
      ['Pen test summary', 1],
      ['SOC 2 Type II Report', 2],
    ]);
    expect(onQuestion[0].link.questionId).toBe(questionIds[1]);
    const files = ok<ProjectFile[]>(
      await as(viewer).call('listProjectFiles', { params: { projectId } }),
      'files',
    );
    const soc2 = files.find((f) => f.document.documentId === documentId)!;
    expect(soc2).toMatchObject({ onProject: true, usageCount: 2 });
    expect(soc2.questionIds.sort()).toEqual(questionIds.slice(0, 2).sort());
    expect(files.find((f) => f.document.documentId === uploaded)).toMatchObject({
      onProject: false,
      usageCount: 1,
    });
    expect((await fetch(soc2.accessUrl)).status).toBe(200);

    // Act: one question's attachment, then the document from the whole project.
    const one = ok(
      await as(member).call('removeQuestionDocument', {
        params: { projectId, questionId: questionIds[0] },
        body: { documentId, questionDocumentId: `${questionIds[0]}.${documentId}` },
      }),
      'removeQuestionDocument',
    );
    expect(one).toEqual([]);
    ok(
      await as(member).call('removeProjectDocument', { params: { projectId }, body: { documentId } }),
      'remove all',
    );

    // Assess
    const left = ok<ProjectFile[]>(
      await as(owner).call('listProjectFiles', { params: { projectId } }),
      'files',
    );
    expect(left.map((f) => f.document.documentId)).toEqual([uploaded]);
    const again = await as(member).call('removeProjectDocument', {
      params: { projectId },
      body: { documentId },
    });
    expect(again.status).toBe(404);
  });

  it('refuses archived documents, viewers, and anyone a PRIVATE project is hidden from', async () => {
    const { projectId, questionIds } = await project('Private deal', ['Is there a DPA in place?'], 'PRIVATE');
    const documentId = await addDocument(as(owner), {
      fileName: 'DPA.pdf',
      documentName: 'Data Processing Agreement',
    });
    const params = { projectId, questionId: questionIds[0] };
    ok(await as(owner).call('attachQuestionDocument', { params, body: { documentId } }), 'attach');

    expect((await as(member).call('listQuestionDocuments', { params })).status).toBe(404);
    expect((await as(member).call('listProjectFiles', { params: { projectId } })).status).toBe(404);
    expect((await as(member).call('attachQuestionDocument', { params, body: { documentId } })).status).toBe(
      404,
    );
    expect((await as(viewer).call('attachQuestionDocument', { params, body: { documentId } })).status).toBe(
      403,
    );

    ok(await as(owner).call('archiveDocument', { params: { documentId } }), 'archive');
    const archived = await as(owner).call('attachProjectDocument', {
      params: { projectId },
      body: { documentId },
    });
    expect(archived.status).toBe(422);
    expect(archived.body.message).toBe(DOCUMENT_MESSAGES.archived);
    // Still listed where it was attached, as archived.
    const listed = ok(await as(owner).call('listQuestionDocuments', { params }), 'list');
    expect(listed[0].document.documentStatus).toBe('DEACTIVE');
  });
  it('keeps a document uploaded into a PRIVATE project to those who may see where it is attached', async () => {
    // Prepare: a PRIVATE project of the owner's; a document uploaded from its question's dialog,
    // and a library document attached to the same question only.
    const hidden = await project('Private acquisition', ['Do you hold ISO 27001?'], 'PRIVATE');
    const onPrivate = { projectId: hidden.projectId, questionId: hidden.questionIds[0] };
    const open = await project('Open renewal', ['Is ISO 27001 certification current?']);
    const onOpen = { projectId: open.projectId, questionId: open.questionIds[0] };

    // Act
    const secret = await addDocument(
      as(owner),
      { fileName: 'Target ISO cert.pdf', documentName: 'Target ISO certificate' },
      onPrivate,
    );
    const library = await addDocument(as(owner), {
      fileName: 'Our ISO cert.pdf',
      documentName: 'Our ISO certificate',
    });
    ok(
      await as(owner).call('attachQuestionDocument', { params: onPrivate, body: { documentId: library } }),
      'attach',
    );

    // Assess: the owner has both, with working links.
    for (const all of [false, true]) {
      const ids = (await documents(owner, all)).map((d) => d.documentId);
      expect(ids).toEqual(expect.arrayContaining([secret, library]));
    }
    const ownerVersions = ok(
      await as(owner).call('listDocumentVersions', { params: { documentId: secret } }),
      'versions',
    );
    expect((await fetch(ownerVersions[0].accessUrl)).status).toBe(200);

    // Assess: to the others (a viewer, a member, a manager not on the project) the uploaded one
    // does not exist; the library's own document stays the team's.
    for (const person of [viewer, member, manager]) {
      for (const all of [false, true]) {
        const listed = await documents(person, all);
        expect(listed.map((d) => d.documentId)).not.toContain(secret);
        expect(listed.map((d) => d.documentId)).toContain(library);
      }
      const versions = await as(person).call('listDocumentVersions', { params: { documentId: secret } });
      expect(versions.status).toBe(404);
      expect(versions.body.message).toBe(DOCUMENT_MESSAGES.notFound);
    }
    const libraryDoc = (await documents(viewer)).find((d) => d.documentId === library)!;
    expect((await fetch(libraryDoc.accessUrl)).status).toBe(200);
    const named = { params: { documentId: secret } };
    expect((await as(manager).call('archiveDocument', named)).status).toBe(404);
    expect(
      (await as(manager).call('updateDocument', { ...named, body: { version: 1, documentName: 'x' } }))
        .status,
    ).toBe(404);
    expect(
      (
        await as(manager).call('uploadDocumentVersion', {
          ...named,
          body: { fileName: 'x.pdf', contentType: 'application/pdf' },
        })
      ).status,
    ).toBe(404);
    // Nor can anyone bring it into a project they see.
    expect(
      (await as(member).call('attachQuestionDocument', { params: onOpen, body: { documentId: secret } }))
        .status,
    ).toBe(404);

    // Act: the owner attaches it where the team may look.
    ok(
      await as(owner).call('attachQuestionDocument', { params: onOpen, body: { documentId: secret } }),
      'attach',
    );

    // Assess: now it is the team's too.
    expect((await documents(member)).map((d) => d.documentId)).toContain(secret);
    ok(await as(viewer).call('listDocumentVersions', named), 'versions');

    // Act: a document the member uploads into a TEAM project's question, which then turns PRIVATE
    // without them.
    const later = await project('Turning private', ['Is customer data encrypted at rest?']);
    const evidence = await addDocument(
      as(member),
      { fileName: 'Encryption.pdf', documentName: 'Encryption at rest' },
      { projectId: later.projectId, questionId: later.questionIds[0] },
    );
    expect((await documents(viewer)).map((d) => d.documentId)).toContain(evidence);
    const body = { accessVisibility: 'PRIVATE' as const, shareWith: [owner.userId] };
    ok(
      await as(owner).call('updateProjectAccess', { params: { projectId: later.projectId }, body }),
      'access',
    );

    // Assess: it follows the project's visibility.
    for (const person of [viewer, member]) {
      expect((await documents(person, true)).map((d) => d.documentId)).not.toContain(evidence);
    }
    expect((await documents(owner)).map((d) => d.documentId)).toContain(evidence);
  });
});

describe('evidence expiry (a fixed clock)', () => {
  it('warns thirty days before, then flags the questions and library answers that cite it', async () => {
    // Prepare: a certificate expiring in 60 days, supporting a question assigned to the member,
    // whose answer went into the library.
    const expiresOn = dayAfter(60);
    const documentId = await addDocument(as(owner), {
      fileName: 'ISO 27001 certificate.pdf',
      documentName: 'ISO 27001 Certificate',
      documentTypeId: 'ISO27001_CERTIFICATE',
      expiresOn,
    });
    const { projectId, questionIds } = await project('Fabrikam security review', [
      'Are you certified to ISO/IEC 27001?',
      'Do you run an information security management system?',
    ]);
    const [certified, isms] = questionIds;
    for (const questionId of questionIds) {
      ok(
        await as(owner).call('attachQuestionDocument', {
          params: { projectId, questionId },
          body: { documentId },
        }),
        'attach',
      );
    }
    ok(
      await as(owner).call('updateQuestion', {
        params: { projectId, questionId: certified },
        body: { assignedToUserId: member.userId },
      }),
      'assign',
    );
    ok(
      await as(member).call('updateQuestion', {
        params: { projectId, questionId: certified },
        body: {
          answer: 'Yes: certified to ISO/IEC 27001:2022 by an accredited body.',
          includeInLibrary: true,
        },
      }),
      'answer',
    );
    await stack.settle();
    const created = ok(
      await as(owner).call('updateCandidates', { body: { questionIds: [certified], newStatus: 'CREATE' } }),
      'updateCandidates',
    );
    const [answerId] = created.answerIds as string[];
    await stack.settle();
    const mailBefore = (await mailTo(stack, member.email)).length;

    // Act: the day the notice period starts, twice (a second run sends nothing more).
    const warned = await checkExpiries(noon(dayAfter(30)));
    await checkExpiries(noon(dayAfter(30)));
    await stack.settle();

    // Assess
    expect(warned.noticed).toBeGreaterThanOrEqual(1);
    const soon = (await mailTo(stack, member.email)).slice(mailBefore);
    expect(soon.map((m) => m.subject)).toEqual([expect.stringMatching(/^ISO 27001 Certificate expires on /)]);
    expect(
      (await mailTo(stack, owner.email, (m) => m.subject.startsWith('ISO 27001 Certificate expires'))).length,
    ).toBe(1);
    const notes = ok(await as(member).call('listNotifications'), 'notifications');
    expect(notes.some((n: { title: string }) => n.title.startsWith('ISO 27001 Certificate expires on'))).toBe(
      true,
    );
    const listed = (await documents(owner)).find((d) => d.documentId === documentId)!;
    expect(listed.expiresOn).toBe(expiresOn);

    // Act: the expiry date.
    await checkExpiries(noon(expiresOn));
    await stack.settle();

    // Assess: both questions up for review, the dashboard counts them, the library answer needs review.
    const question = ok<Question>(
      await as(member).call('getQuestion', { params: { projectId, questionId: certified } }),
      'getQuestion',
    );
    expect(question.evidenceExpired).toEqual([
      { documentId, documentName: 'ISO 27001 Certificate', expiresOn },
    ]);
    const dashboard = ok(await as(owner).call('getProjectDashboard', { params: { projectId } }), 'dashboard');
    expect(dashboard.evidenceExpired).toBe(2);
    const answer = ok(await as(owner).call('getAnswer', { params: { answerId } }), 'getAnswer');
    expect(answer.answer).toMatchObject({
      answerStatus: 'FLAGGED',
      flaggedReason: `Supporting document "ISO 27001 Certificate" expired on ${expiresOn}`,
    });
    expect(
      (await mailTo(stack, member.email, (m) => m.subject === 'ISO 27001 Certificate has expired')).length,
    ).toBe(1);

    // Act: the member reviews their answer; the owner renews the certificate.
    ok(
      await as(member).call('updateQuestion', {
        params: { projectId, questionId: certified },
        body: { answer: 'Yes: certified to ISO/IEC 27001:2022; the renewed certificate is attached.' },
      }),
      'review',
    );
    await addDocumentVersion(as(owner), documentId, {
      fileName: 'ISO 27001 certificate 2027.pdf',
      expiresOn: dayAfter(400),
    });
    await stack.settle();

    // Assess
    for (const questionId of [certified, isms]) {
      const q = ok<Question>(
        await as(owner).call('getQuestion', { params: { projectId, questionId } }),
        'getQuestion',
      );
      expect(q.evidenceExpired, questionId).toBeUndefined();
    }
    const after = ok(await as(owner).call('getProjectDashboard', { params: { projectId } }), 'dashboard');
    expect(after.evidenceExpired).toBe(0);
    const renewed = (await documents(owner)).find((d) => d.documentId === documentId)!;
    expect(renewed).toMatchObject({ expiryState: 'VALID', fileVersion: 2 });
  });
});

describe('library answers cite documents', () => {
  it('attaches the supporting documents of a library answer to the question it is used on', async () => {
    // Prepare: an answer that entered the library from a question with a document attached.
    const documentId = await addDocument(as(owner), {
      fileName: 'Business continuity plan.pdf',
      documentName: 'Business Continuity Plan',
      documentTypeId: 'BUSINESS_CONTINUITY',
    });
    const first = await project('Adatum onboarding', ['Do you maintain a tested business continuity plan?']);
    const source = { projectId: first.projectId, questionId: first.questionIds[0] };
    ok(await as(owner).call('attachQuestionDocument', { params: source, body: { documentId } }), 'attach');
    const answer = 'Yes: the plan is tested every year with a tabletop exercise and a failover test.';
    ok(
      await as(owner).call('updateQuestion', { params: source, body: { answer, includeInLibrary: true } }),
      'answer',
    );
    await stack.settle();
    const { answerIds } = ok(
      await as(owner).call('updateCandidates', {
        body: { questionIds: [source.questionId], newStatus: 'CREATE' },
      }),
      'updateCandidates',
    );
    const next = await project('Litware due diligence', [
      'Is there a business continuity plan, and is it tested?',
    ]);
    const target = { projectId: next.projectId, questionId: next.questionIds[0] };

    // Act: a member uses the library answer (as "Use this answer" saves it).
    ok(
      await as(member).call('updateQuestion', {
        params: target,
        body: { answer, libraryAnswerId: answerIds[0] },
      }),
      'use the library answer',
    );
    await stack.settle();

    // Assess
    const attached = ok(
      await as(member).call('listQuestionDocuments', { params: target }),
      'listQuestionDocuments',
    );
    expect(attached.map((a: { document: { documentId: string } }) => a.document.documentId)).toEqual([
      documentId,
    ]);
  });
});
