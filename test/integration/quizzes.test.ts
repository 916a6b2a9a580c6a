/**
 * Quiz Central through the local gateway (issue 16): templates with their rules and version check,
 * invitations by e-mail to a colleague of another team and to someone with no account yet, the
 * invite states (accept, decline, cancel, and what each refuses afterwards), accepting as a project
 * with the spec's constants, and the answers going back to the sender when that project closes.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_MAIL_LIMIT } from '../../functions/common/rate-limit';
import { INVITATION_LIMIT_MESSAGE } from '../../shared/constants';
import { QUIZ_MESSAGES, type QuizInvite } from '../../shared/schemas/quiz';
import { type ApiClient, client } from '../support/api-client';
import { eventually } from '../support/eventually';
import { connectLiveSocket } from '../support/live-socket';
import { startTestStack, type TestStack } from '../support/local-stack';
import { waitForMail } from '../support/mail';
import { type Person, people } from '../support/people';
import { answeredQuiz, createQuiz, sendQuiz, VENDOR_REVIEW } from '../support/quizzes';
import { Resources } from '../support/resources';

const resources = new Resources();
let stack: TestStack;
let api: ApiClient;
/** The sending team. */
let sender: Person;
let senderViewer: Person;
/** The recipient and a colleague, in another team. */
let recipient: Person;
let colleague: Person;
/** A team that has nothing to do with the quiz. */
let stranger: Person;
const as = (person: Person) => api.as(person.token);

function ok<T = any>(response: { status: number; body: any }, what: string): T {
  if (response.status !== 200)
    throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as T;
}

const DAY = 86_400_000;
const dayAfter = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  stack = await resources.start(startTestStack({ seed: false }), (s) => s.stop());
  api = client(stack);
  const { register, join } = people(stack, api);
  [sender, recipient, stranger] = await Promise.all([
    register('quinn@northwind.test', 'Northwind Security', { givenName: 'Quinn', lastName: 'Sender' }),
    register('rita@contoso.test', 'Contoso Cloud', { givenName: 'Rita', lastName: 'Recipient' }),
    register('sly@elsewhere.test', 'Elsewhere Ltd', { givenName: 'Sly', lastName: 'Stranger' }),
  ]);
  [senderViewer, colleague] = await Promise.all([
    join(sender, 'val@northwind.test', 'ROLE_VIEWER', { givenName: 'Val', lastName: 'Viewer' }),
    join(recipient, 'cole@contoso.test', 'ROLE_MEMBER', { givenName: 'Cole', lastName: 'Colleague' }),
  ]);
}, 180_000);

afterAll(() => resources.stopAll());

const inbox = async (person: Person) =>
  ok<QuizInvite[]>(await as(person).call('listQuizInbox'), 'listQuizInbox');
const sent = async (person: Person) =>
  ok<QuizInvite[]>(await as(person).call('listQuizSent'), 'listQuizSent');

describe('quiz templates', () => {
  it('creates, reads, lists and saves a quiz, refusing a stale save', async () => {
    // Prepare
    const { quizId, version } = await createQuiz(as(sender));

    // Act
    const read = ok(await as(senderViewer).call('getQuiz', { params: { quizId } }), 'getQuiz');
    const templates = ok(await as(senderViewer).call('listQuizTemplates'), 'listQuizTemplates');
    const saved = ok(
      await as(sender).call('saveQuiz', {
        params: { quizId },
        body: { ...VENDOR_REVIEW, quizName: 'Vendor security review (short)', version },
      }),
      'saveQuiz',
    );
    const stale = await as(sender).call('saveQuiz', {
      params: { quizId },
      body: { ...VENDOR_REVIEW, version },
    });

    // Assess
    expect(read.quizConfiguration).toEqual(VENDOR_REVIEW.quizConfiguration);
    expect(templates).toContainEqual(
      expect.objectContaining({
        quizId,
        quizName: VENDOR_REVIEW.quizName,
        sectionCount: 2,
        questionCount: 3,
        createdByName: 'Quinn Sender',
      }),
    );
    expect(saved).toMatchObject({ quizName: 'Vendor security review (short)', version: version + 1 });
    expect(stale.status).toBe(409);
  });

  it('asks for a name, a text for every item and distinct item ids', async () => {
    const noName = await as(sender).call('createQuiz', { body: { ...VENDOR_REVIEW, quizName: '   ' } });
    const blankQuestion = await as(sender).call('createQuiz', {
      body: {
        ...VENDOR_REVIEW,
        quizConfiguration: [{ itemId: 'q1', itemType: 'QUESTION', itemLabel: ' ' }],
      },
    });
    const twice = await as(sender).call('createQuiz', {
      body: {
        ...VENDOR_REVIEW,
        quizConfiguration: [
          { itemId: 'q1', itemType: 'QUESTION', itemLabel: 'One?' },
          { itemId: 'q1', itemType: 'QUESTION', itemLabel: 'Two?' },
        ],
      },
    });

    expect(noName.status).toBe(400);
    expect(noName.body.fieldErrors.quizName).toEqual([QUIZ_MESSAGES.nameRequired]);
    expect(blankQuestion.status).toBe(400);
    expect(JSON.stringify(blankQuestion.body.fieldErrors)).toContain(QUIZ_MESSAGES.questionRequired);
    expect(twice.status).toBe(400);
  });

  it('lets viewers read templates but not write or send them', async () => {
    const { quizId } = await createQuiz(as(sender));
    const created = await as(senderViewer).call('createQuiz', { body: VENDOR_REVIEW });
    const invited = await as(senderViewer).call('sendQuizInvite', {
      params: { quizId },
      body: { emailAddress: recipient.email },
    });
    expect([created.status, invited.status]).toEqual([403, 403]);
  });

  it("answers 404 for another team's quiz", async () => {
    const { quizId } = await createQuiz(as(sender));
    const read = await as(stranger).call('getQuiz', { params: { quizId } });
    const invited = await as(stranger).call('sendQuizInvite', {
      params: { quizId },
      body: { emailAddress: 'anyone@example.test' },
    });
    expect([read.status, invited.status]).toEqual([404, 404]);
  });
});

describe('sending an invitation', () => {
  it('e-mails the recipient, lists it in Sent and in the recipient team’s inbox, live', async () => {
    // Prepare
    const { quizId } = await createQuiz(as(sender));
    const watcher = await connectLiveSocket(stack.appUrl, colleague.token, 'colleague-watching-inbox');
    resources.add(() => watcher.socket.close());

    // Act
    const quizInviteId = await sendQuiz(as(sender), quizId, recipient.email);

    // Assess
    const mail = await waitForMail(stack, recipient.email, {
      match: (m) => m.subject.includes(VENDOR_REVIEW.quizName),
    });
    expect(mail.subject).toBe(
      `Quinn Sender of Northwind Security sent you a questionnaire: ${VENDOR_REVIEW.quizName}`,
    );
    expect(mail.text).toContain('/Quiz/?tab=inbox');
    await watcher.waitFor(
      (m) => m.eventName === 'QUIZ_INVITE_UPDATED' && m.data.quizInviteId === quizInviteId,
    );
    const row = (await sent(sender)).find((i) => i.quizInviteId === quizInviteId);
    expect(row).toMatchObject({
      inviteStatus: 'UNCLAIMED',
      claimable: false,
      emailAddress: recipient.email,
      sentBy: { name: 'Quinn Sender', teamName: 'Northwind Security' },
      questionCount: 3,
    });
    expect((await inbox(recipient)).find((i) => i.quizInviteId === quizInviteId)?.claimable).toBe(true);
    // A colleague of the recipient sees it in the team inbox but cannot act on it.
    expect((await inbox(colleague)).find((i) => i.quizInviteId === quizInviteId)?.claimable).toBe(false);
    expect((await inbox(stranger)).some((i) => i.quizInviteId === quizInviteId)).toBe(false);
  });

  it('checks the address and refuses a quiz with no questions', async () => {
    const { quizId } = await createQuiz(as(sender));
    const bad = await as(sender).call('sendQuizInvite', {
      params: { quizId },
      body: { emailAddress: 'not an address' },
    });
    const { quizId: emptyId } = await createQuiz(as(sender), {
      ...VENDOR_REVIEW,
      quizConfiguration: [{ itemId: 's1', itemType: 'SECTION', itemLabel: 'Only a heading' }],
    });
    const empty = await as(sender).call('sendQuizInvite', {
      params: { quizId: emptyId },
      body: { emailAddress: recipient.email },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.emailAddress).toEqual([QUIZ_MESSAGES.emailInvalid]);
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe(QUIZ_MESSAGES.noQuestions);
  });

  it('shares one hourly invitation e-mail budget per team with member invitations: then a clear 429, nothing sent', async () => {
    // Prepare: a team of its own, so no other test's team is limited.
    const { register } = people(stack, api);
    const bulk = await register('bulk@fabrikam.test', 'Fabrikam Procurement');
    const { quizId } = await createQuiz(as(bulk));
    const [groups, roles] = await Promise.all([as(bulk).call('getGroups'), as(bulk).call('getRoles')]);
    const member = {
      groupId: groups.body.data[0].groupId as string,
      roleId: roles.body.data.find((r: { code: string }) => r.code === 'ROLE_MEMBER').roleId as string,
    };
    const members = 10;
    const quizzes = INVITATION_MAIL_LIMIT.perTeam - members;
    const sendTo = (emailAddress: string) =>
      as(bulk).call('sendQuizInvite', { params: { quizId }, body: { emailAddress } });

    // Act
    const invited = await Promise.all(
      Array.from({ length: members }, (_, i) =>
        as(bulk).call('inviteMember', { body: { emailAddress: `colleague.${i}@fabrikam.test`, ...member } }),
      ),
    );
    const accepted = await Promise.all(
      Array.from({ length: quizzes }, (_, i) => sendTo(`supplier.${i}@vendors.test`)),
    );
    const overQuiz = await sendTo('one.too.many@vendors.test');
    const overMember = await as(bulk).call('inviteMember', {
      body: { emailAddress: 'one.too.many@fabrikam.test', ...member },
    });

    // Assess
    expect([...invited, ...accepted].filter((r) => r.status === 200)).toHaveLength(
      INVITATION_MAIL_LIMIT.perTeam,
    );
    expect(overQuiz).toEqual({ status: 429, body: { message: INVITATION_LIMIT_MESSAGE } });
    expect(overMember).toEqual({ status: 429, body: { message: INVITATION_LIMIT_MESSAGE } });
    expect((await sent(bulk)).map((i) => i.emailAddress)).not.toContain('one.too.many@vendors.test');
    expect(await sent(bulk)).toHaveLength(quizzes);
    await stack.settle();
    const store = (await (await fetch(`${stack.mailUrl}/store`)).json()) as {
      emails: Array<{ destination: { to: string[] } }>;
    };
    const to = store.emails.flatMap((e) => e.destination.to).join(' ');
    expect(to).toContain(`supplier.${quizzes - 1}@vendors.test`);
    expect(to).not.toContain('one.too.many@');
  });

  it('reaches someone with no account: the e-mail links to sign-up, and the inbox holds it once they register', async () => {
    // Prepare
    const { quizId } = await createQuiz(as(sender));
    const address = 'newcomer@fabrikam.test';

    // Act
    const quizInviteId = await sendQuiz(as(sender), quizId, address);
    const mail = await waitForMail(stack, address);
    const { register } = people(stack, api);
    const newcomer = await register(address, 'Fabrikam', { givenName: 'Nia', lastName: 'Newcomer' });

    // Assess
    expect(mail.text).toContain(`/Signup?email=${encodeURIComponent(address)}`);
    expect((await inbox(newcomer)).find((i) => i.quizInviteId === quizInviteId)).toMatchObject({
      claimable: true,
      inviteStatus: 'UNCLAIMED',
    });
    // The invitation is their notification, pointing to Quiz Central's inbox (issue 29), once.
    await stack.settle();
    const notifications = await eventually(async () => {
      const listed = ok<Array<{ title: string; linkReferencePath: string }>>(
        await as(newcomer).call('listNotifications'),
        'listNotifications',
      ).filter((n) => n.title.endsWith(`sent you ${VENDOR_REVIEW.quizName}`));
      expect(listed).toHaveLength(1);
      return listed;
    });
    expect(notifications[0]).toMatchObject({
      title: `Quinn Sender sent you ${VENDOR_REVIEW.quizName}`,
      linkReferencePath: '/Quiz/?tab=inbox',
    });
  });

  it('sends the quiz as it was: later edits of the template do not change it', async () => {
    const { quizId, version } = await createQuiz(as(sender));
    const quizInviteId = await sendQuiz(as(sender), quizId, recipient.email);
    ok(
      await as(sender).call('saveQuiz', {
        params: { quizId },
        body: {
          ...VENDOR_REVIEW,
          quizConfiguration: [
            { itemId: 'q-new', itemType: 'QUESTION', itemLabel: 'A question added later?' },
          ],
          version,
        },
      }),
      'saveQuiz',
    );
    const { items } = ok(await as(sender).call('getQuizAnswers', { params: { quizInviteId } }), 'answers');
    expect(items.map((i: { itemId: string }) => i.itemId)).toEqual(
      VENDOR_REVIEW.quizConfiguration.map((i) => i.itemId),
    );
  });
});

describe('invite states', () => {
  it('accepting creates a project in the recipient team: quiz name, due in 14 days, Normal, TEAM, one question per quiz question', async () => {
    // Prepare
    const { quizId } = await createQuiz(as(sender));
    const quizInviteId = await sendQuiz(as(sender), quizId, recipient.email);

    // Act
    const { projectId } = ok(
      await as(recipient).call('acceptQuizInvite', { params: { quizInviteId } }),
      'acceptQuizInvite',
    );

    // Assess
    const project = ok(await as(colleague).call('getProject', { params: { projectId } }), 'getProject');
    expect(project).toMatchObject({
      name: VENDOR_REVIEW.quizName,
      dueOn: dayAfter(14),
      projectPriority: 'NORMAL',
      accessVisibility: 'TEAM',
    });
    const { items } = ok(
      await as(colleague).call('listQuestions', { params: { projectId } }),
      'listQuestions',
    );
    expect(
      items.map((q: { referenceNumber: string; sectionDescription: string; question: string }) => [
        q.referenceNumber,
        q.sectionDescription,
        q.question,
      ]),
    ).toEqual([
      ['1.1', 'Access control', 'Do you enforce multi-factor authentication for all staff?'],
      ['1.2', 'Access control', 'How often are user access rights reviewed?'],
      ['2.1', 'Data protection', 'Is customer data encrypted at rest?'],
    ]);
    const row = (await inbox(recipient)).find((i) => i.quizInviteId === quizInviteId);
    expect(row).toMatchObject({ inviteStatus: 'ACCEPTED', claimable: false, projectId });
    // The sender sees the state, never the recipient's project.
    const sentRow = (await sent(sender)).find((i) => i.quizInviteId === quizInviteId);
    expect(sentRow?.inviteStatus).toBe('ACCEPTED');
    expect(sentRow?.projectId).toBeUndefined();
    // Settled: neither side can act on it again.
    const again = await as(recipient).call('acceptQuizInvite', { params: { quizInviteId } });
    const cancel = await as(sender).call('cancelQuizInvite', { params: { quizInviteId } });
    expect([again.status, cancel.status]).toEqual([409, 409]);
  });

  it('only the recipient may accept or decline; a team that cannot see the invite gets 404', async () => {
    const { quizId } = await createQuiz(as(sender));
    const quizInviteId = await sendQuiz(as(sender), quizId, recipient.email);
    const params = { quizInviteId };
    const byColleague = await as(colleague).call('acceptQuizInvite', { params });
    const bySender = await as(sender).call('declineQuizInvite', { params });
    const byStranger = await as(stranger).call('acceptQuizInvite', { params });
    const strangerCancels = await as(stranger).call('cancelQuizInvite', { params });
    const recipientCancels = await as(recipient).call('cancelQuizInvite', { params });
    expect(byColleague.status).toBe(403);
    expect(byColleague.body.message).toBe(QUIZ_MESSAGES.notClaimable);
    expect(bySender.status).toBe(403);
    expect([byStranger.status, strangerCancels.status, recipientCancels.status]).toEqual([404, 404, 404]);
    expect((await inbox(recipient)).find((i) => i.quizInviteId === quizInviteId)?.inviteStatus).toBe(
      'UNCLAIMED',
    );
  });

  it('declining is irreversible', async () => {
    const { quizId } = await createQuiz(as(sender));
    const quizInviteId = await sendQuiz(as(sender), quizId, recipient.email);
    ok(await as(recipient).call('declineQuizInvite', { params: { quizInviteId } }), 'declineQuizInvite');
    const accept = await as(recipient).call('acceptQuizInvite', { params: { quizInviteId } });
    const declineAgain = await as(recipient).call('declineQuizInvite', { params: { quizInviteId } });
    const cancel = await as(sender).call('cancelQuizInvite', { params: { quizInviteId } });
    expect([accept.status, declineAgain.status, cancel.status]).toEqual([409, 409, 409]);
    expect((await sent(sender)).find((i) => i.quizInviteId === quizInviteId)?.inviteStatus).toBe('DECLINED');
  });

  it('the sender cancels an unclaimed invite, which the recipient can then no longer accept', async () => {
    const { quizId } = await createQuiz(as(sender));
    const quizInviteId = await sendQuiz(as(sender), quizId, recipient.email);
    ok(await as(sender).call('cancelQuizInvite', { params: { quizInviteId } }), 'cancelQuizInvite');
    const accept = await as(recipient).call('acceptQuizInvite', { params: { quizInviteId } });
    expect(accept.status).toBe(409);
    const row = (await inbox(recipient)).find((i) => i.quizInviteId === quizInviteId);
    expect(row).toMatchObject({ inviteStatus: 'CANCELLED', claimable: false });
  });

  it('two accepts at once create one project', async () => {
    const { quizId } = await createQuiz(as(sender));
    const quizInviteId = await sendQuiz(as(sender), quizId, recipient.email);
    const answers = await Promise.all(
      [1, 2, 3].map(() => as(recipient).call('acceptQuizInvite', { params: { quizInviteId } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
  });
});

describe('answers going back', () => {
  it('returns an autofill draft nobody reviewed unanswered, and an accepted one as answered', async () => {
    // Prepare: the recipient's library answers two of the quiz's questions word for word.
    const fromLibrary = 'Yes. Every account, staff and contractors alike, since 2021.';
    ok(
      await as(recipient).call('importAnswers', {
        body: {
          items: ['q-mfa', 'q-rest'].map((itemId) => ({
            question: VENDOR_REVIEW.quizConfiguration.find((i) => i.itemId === itemId)?.itemLabel as string,
            answer: fromLibrary,
            responseClassification: 'COMPLIANT' as const,
          })),
        },
      }),
      'importAnswers',
    );
    await stack.settle();
    const { quizId } = await createQuiz(as(sender));
    const quizInviteId = await sendQuiz(as(sender), quizId, recipient.email);
    const { projectId } = ok(
      await as(recipient).call('acceptQuizInvite', { params: { quizInviteId } }),
      'acceptQuizInvite',
    );
    ok(await as(recipient).call('startAutofill', { params: { projectId }, body: {} }), 'startAutofill');
    await stack.settle();
    await eventually(async () => {
      const run = ok(await as(recipient).call('getAutofill', { params: { projectId } }), 'getAutofill');
      if (run?.status !== 'DONE') throw new Error(`the autofill is ${run?.status}`);
    });
    const { items: questions } = ok<{
      items: Array<{ questionId: string; question: string; libraryDraft?: unknown }>;
    }>(await as(recipient).call('listQuestions', { params: { projectId } }), 'listQuestions');
    const mfa = questions.find((q) => q.question.includes('multi-factor'));
    expect(questions.filter((q) => q.libraryDraft)).toHaveLength(2);

    // Act: a colleague accepts the MFA draft only, then the project closes.
    ok(
      await as(colleague).call('reviewDrafts', {
        params: { projectId },
        body: { questionIds: [mfa?.questionId as string], decision: 'ACCEPT' },
      }),
      'reviewDrafts',
    );
    ok(
      await as(recipient).call('updateProject', {
        params: { projectId },
        body: { projectStatus: 'COMPLETE' },
      }),
      'close the project',
    );
    await stack.settle();

    // Assess
    const answers = await eventually(async () => {
      const read = ok(await as(sender).call('getQuizAnswers', { params: { quizInviteId } }), 'answers');
      if (read.invite.inviteStatus !== 'ANSWERED')
        throw new Error(`the invite is ${read.invite.inviteStatus}`);
      return read.items as Array<{ itemId: string; answer?: string; responseClassification?: string }>;
    });
    const byItem = new Map(answers.map((i) => [i.itemId, i]));
    expect(byItem.get('q-mfa')).toMatchObject({ answer: fromLibrary, responseClassification: 'COMPLIANT' });
    expect(byItem.get('q-rest')).toMatchObject({ answer: '', responseClassification: 'INCOMPLETE' });
  });

  it('shows no answers before the project closes', async () => {
    const { quizId } = await createQuiz(as(sender));
    const quizInviteId = await sendQuiz(as(sender), quizId, recipient.email);
    ok(await as(recipient).call('acceptQuizInvite', { params: { quizInviteId } }), 'accept');
    const { items } = ok(await as(sender).call('getQuizAnswers', { params: { quizInviteId } }), 'answers');
    expect(items.every((i: { answer?: string }) => i.answer === undefined)).toBe(true);
    const exported = await as(sender).call('exportQuizAnswers', { params: { quizInviteId } });
    expect(exported.status).toBe(409);
  });

  it('returns each answer and classification to the sender when the recipient closes the project, as XLSX too', async () => {
    // Prepare, Act
    const { quizInviteId } = await answeredQuiz(api, sender, recipient);

    // Assess
    const { invite, items } = ok(
      await as(senderViewer).call('getQuizAnswers', { params: { quizInviteId } }),
      'getQuizAnswers',
    );
    expect(invite.inviteStatus).toBe('ANSWERED');
    expect(invite.projectId).toBeUndefined();
    expect(items.filter((i: { itemType: string }) => i.itemType === 'QUESTION')).toEqual(
      VENDOR_REVIEW.quizConfiguration
        .filter((i) => i.itemType === 'QUESTION')
        .map((i) => ({
          ...i,
          answer: 'Yes. Enforced for every employee and contractor.',
          responseClassification: 'COMPLIANT',
        })),
    );
    // The recipient team's answers and nothing else: the recipient's team cannot read them back this way.
    expect((await as(recipient).call('getQuizAnswers', { params: { quizInviteId } })).status).toBe(404);
    const link = ok(await as(sender).call('exportQuizAnswers', { params: { quizInviteId } }), 'export');
    expect(link.fileName).toBe(`${VENDOR_REVIEW.quizName} - answers.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await (await fetch(link.url)).arrayBuffer()) as never);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Reference Number',
      'Section',
      'Question',
      'Compliance',
      'Answer',
    ]);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      '1.1',
      'Access control',
      'Do you enforce multi-factor authentication for all staff?',
      'Compliant',
      'Yes. Enforced for every employee and contractor.',
    ]);
    // The sender is told.
    await eventually(async () => {
      const notifications = ok(await as(sender).call('listNotifications'), 'listNotifications');
      expect(JSON.stringify(notifications)).toContain(`The answers to ${VENDOR_REVIEW.quizName} came back`);
    });
  });
});
