import fc from 'fast-check';
import { strToU8, unzipSync, zipSync } from 'fflate';
import mammoth from 'mammoth';
import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import { detectDocumentQuestions } from '../../../functions/common/formats/detect-document';
import { readDocument } from '../../../functions/common/formats/document';
import { SourceFormatError } from '../../../functions/common/formats/types';
import { writeDocument } from '../../../functions/common/formats/write-document';
import { buildQuestionnaireDocx } from '../../../scripts/fixtures/word';

const rawText = async (bytes: Uint8Array) =>
  (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value.split('\n').filter((l) => l.trim());

describe('readDocument', () => {
  it('gives sanitised HTML whose paragraphs and cells carry node ids, with numbering labels', async () => {
    // Prepare
    const built = await buildQuestionnaireDocx();

    // Act
    const doc = await readDocument(built.bytes);

    // Assess
    const paragraphs = doc.nodes.filter((n) => n.kind === 'paragraph' && !n.parentNodeId);
    expect(paragraphs[0].text).toBe('Supplier Security Questionnaire');
    const numbered = paragraphs.filter((n) => n.numbering);
    expect(numbered.map((n) => n.text)).toEqual(built.paragraphQuestions);
    expect(numbered.map((n) => n.numbering)).toEqual(built.paragraphQuestions.map((_, i) => `${i + 1}.`));
    const cells = doc.nodes.filter((n) => n.kind === 'cell');
    expect(cells.filter((c) => c.columnNumber === 1).map((c) => c.text)).toEqual([
      'Question',
      ...built.tableQuestions,
    ]);
    for (const node of doc.nodes) expect(doc.html).toContain(`data-node-id="${node.nodeId}"`);
    expect(doc.html).toContain('<h1 data-node-id="p0">');
    expect(doc.html).toContain('<span class="numbering">1.</span>');
  });

  it('escapes what looks like markup and refuses files that are not Word documents', async () => {
    const built = await buildQuestionnaireDocx({ paragraphs: 1, tableRows: 1 });
    const files = unzipSync(built.bytes);
    files['word/document.xml'] = strToU8(
      new TextDecoder()
        .decode(files['word/document.xml'])
        .replace(
          'Supplier Security Questionnaire',
          '&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;',
        ),
    );
    const doc = await readDocument(zipSync(files));
    expect(doc.html).not.toMatch(/<script|<img/);
    expect(doc.html).toContain('&lt;script&gt;');
    await expect(readDocument(new Uint8Array())).rejects.toBeInstanceOf(SourceFormatError);
    await expect(readDocument(zipSync({ 'xl/workbook.xml': strToU8('<workbook/>') }))).rejects.toThrow(
      'This file is not a Word document',
    );
  });
});

/** What the configuration screen is given: these tags, node ids and the numbering label's class. */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'table',
    'tbody',
    'tr',
    'td',
    'strong',
    'em',
    'u',
    'br',
    'span',
  ],
  allowedAttributes: { '*': ['data-node-id', 'data-row-node-id', 'class'] },
  allowedClasses: { span: ['numbering'] },
};
const EVERYTHING: sanitizeHtml.IOptions = {
  allowedTags: false,
  allowedAttributes: false,
  allowVulnerableTags: true,
};

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Text a file may hold: markup look-alikes, entities, quotes, non-Latin scripts (XML 1.0 characters, no bare CR: XML reads it as a line feed). */
const fileText = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '<script>alert(1)</script>',
        '<img src=x onerror=y>',
        '&amp;',
        '&',
        '"',
        "'",
        ' ',
        '日本語',
        '✓',
      ),
      fc.string({ maxLength: 8, unit: 'binary' }),
    ),
    { maxLength: 4 },
  )
  .map((parts) => parts.join('').replace(/[^\t\n\u0020-\uD7FF\uE000-\uFFFD]/gu, ''));
const run = fc.record({ text: fileText, bold: fc.boolean(), italic: fc.boolean(), underline: fc.boolean() });
const paragraph = fc.record({
  style: fc.constantFrom(undefined, 'Heading1', 'Heading2', 'Title'),
  runs: fc.array(run, { maxLength: 3 }),
});
type GeneratedParagraph = {
  style?: string;
  runs: Array<{ text: string; bold: boolean; italic: boolean; underline: boolean }>;
};

const paragraphXml = (p: GeneratedParagraph) =>
  `<w:p>${p.style ? `<w:pPr><w:pStyle w:val="${p.style}"/></w:pPr>` : ''}${p.runs
    .map(
      (r) =>
        `<w:r><w:rPr>${r.bold ? '<w:b/>' : ''}${r.italic ? '<w:i/>' : ''}${r.underline ? '<w:u w:val="single"/>' : ''}</w:rPr><w:t xml:space="preserve">${xmlEscape(r.text)}</w:t></w:r>`,
    )
    .join('')}</w:p>`;

describe('readDocument, on any text', () => {
  it('gives HTML the allow-list would not change, and the text as the file has it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(paragraph, { minLength: 1, maxLength: 5 }),
        fc.array(fc.array(paragraph, { minLength: 1, maxLength: 2 }), { maxLength: 3 }),
        async (paragraphs, cells) => {
          // Prepare: the paragraphs, then a one-row table of the cells; one paragraph says something.
          const body = [
            ...paragraphs,
            { runs: [{ text: 'Question', bold: false, italic: false, underline: false }] },
          ];
          const table = cells.length
            ? `<w:tbl><w:tr>${cells.map((c) => `<w:tc>${c.map(paragraphXml).join('')}</w:tc>`).join('')}</w:tr></w:tbl>`
            : '';
          const documentXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W_NS}"><w:body>${body.map(paragraphXml).join('')}${table}</w:body></w:document>`;
          const bytes = zipSync({
            '[Content_Types].xml': strToU8(
              '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
            ),
            'word/document.xml': strToU8(documentXml),
          });

          // Act
          const doc = await readDocument(bytes);

          // Assess
          expect(sanitizeHtml(doc.html, ALLOWED)).toBe(sanitizeHtml(doc.html, EVERYTHING));
          const texts = doc.nodes.filter((n) => n.kind === 'paragraph' && !n.parentNodeId).map((n) => n.text);
          expect(texts).toEqual(body.map((p) => p.runs.map((r) => r.text).join('')));
          const cellTexts = doc.nodes.filter((n) => n.kind === 'cell').map((n) => n.text);
          expect(cellTexts).toEqual(
            cells.map((c) =>
              c
                .map((p) => p.runs.map((r) => r.text).join(''))
                .join('\n')
                .trim(),
            ),
          );
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe('detectDocumentQuestions', () => {
  it('finds the numbered questions with their answer paragraphs and the question table', async () => {
    const built = await buildQuestionnaireDocx();
    const doc = await readDocument(built.bytes);
    const found = detectDocumentQuestions(doc);
    const questions = found.filter((a) => a.annotationType === 'QUESTION');
    expect(questions.map((q) => q.text)).toEqual([...built.paragraphQuestions, ...built.tableQuestions]);
    for (const q of questions) {
      const answers = found.filter((a) => a.annotationType === 'ANSWER' && a.parentNodeId === q.nodeId);
      expect(answers).toHaveLength(1);
      expect(answers[0].hasContent).toBe(false);
    }
    const inTable = questions.filter((q) => q.inTable);
    expect(inTable).toHaveLength(built.tableQuestions.length);
    expect(found.filter((a) => a.annotationType === 'COMPLIANCE')).toHaveLength(built.tableQuestions.length);
  });
});

describe('detectDocumentQuestions, on typed questionnaires', () => {
  it("leaves out help lines, and links each question's answer place after its label", () => {
    // Prepare: paragraphs as a typed questionnaire has them.
    const texts = [
      'Questions? Contact security@acme.example and we will help.',
      'Please contact your account manager if anything is unclear?',
      'Do you have a designated security contact?',
      'Answer:',
      '',
      'Is customer data encrypted at rest?',
      'Response:',
      'Do you run annual penetration tests?',
      '',
    ];
    const doc = {
      html: '',
      nodes: texts.map((text, i) => ({ nodeId: `p${i}`, kind: 'paragraph' as const, text })),
    } as unknown as Parameters<typeof detectDocumentQuestions>[0];

    // Act
    const found = detectDocumentQuestions(doc);

    // Assess
    const answerOf = (nodeId: string) =>
      found.find((a) => a.annotationType === 'ANSWER' && a.parentNodeId === nodeId)?.nodeId;
    expect(found.filter((a) => a.annotationType === 'QUESTION').map((a) => a.text)).toEqual([
      'Do you have a designated security contact?',
      'Is customer data encrypted at rest?',
      'Do you run annual penetration tests?',
    ]);
    expect(answerOf('p2')).toBe('p4');
    expect(answerOf('p5')).toBe('p6');
    expect(answerOf('p7')).toBe('p8');
  });
});

describe('writeDocument', () => {
  it('writes answers after their questions and into answer cells; another reader finds them in place', async () => {
    // Prepare
    const built = await buildQuestionnaireDocx({ paragraphs: 3, tableRows: 2 });
    const doc = await readDocument(built.bytes);
    const found = detectDocumentQuestions(doc);
    const questions = found.filter((a) => a.annotationType === 'QUESTION');
    const first = questions[0];
    const tableQuestion = questions.find((q) => q.inTable)!;
    const tableAnswer = found.find(
      (a) => a.annotationType === 'ANSWER' && a.parentNodeId === tableQuestion.nodeId,
    )!;

    // Act
    const written = await writeDocument(built.bytes, [
      { nodeId: first.nodeId, mode: 'AFTER', value: 'Yes. Access is reviewed quarterly.\nSecond line.' },
      { nodeId: tableAnswer.nodeId, mode: 'CELL', value: 'Yes, AES-256.' },
      { nodeId: 'p999', mode: 'AFTER', value: 'nowhere' },
    ]);

    // Assess: mammoth (a different reader) sees each answer right after its question.
    const lines = await rawText(written);
    const at = lines.indexOf(built.paragraphQuestions[0]);
    expect(lines.slice(at + 1, at + 3)).toEqual(['Yes. Access is reviewed quarterly.', 'Second line.']);
    const row = lines.indexOf(tableQuestion.text);
    expect(lines[row + 1]).toBe('Yes, AES-256.');
    expect(lines.join('\n')).not.toContain('nowhere');
    // Only the body changed; styles and numbering keep their bytes.
    const before = unzipSync(built.bytes);
    const after = unzipSync(written);
    for (const name of Object.keys(before))
      if (name !== 'word/document.xml') expect(after[name], name).toEqual(before[name]);
    // Read back with our reader: node ids of the original still address the same places.
    const reread = await readDocument(written);
    expect(reread.nodes.find((n) => n.nodeId === tableAnswer.nodeId)?.text).toBe('Yes, AES-256.');
    expect(reread.nodes.find((n) => n.nodeId === first.nodeId)?.text).toBe(first.text);
  });
});
