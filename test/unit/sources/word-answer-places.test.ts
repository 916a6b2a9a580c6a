/**
 * Word answer places beyond the plain ones (issue 27, part 2): boxes drawn in symbol fonts, an
 * answer already typed after its label, and sub-questions numbered by a list of their own under
 * a lead-in.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { detectDocumentQuestions } from '../../../functions/common/formats/detect-document';
import { readDocument } from '../../../functions/common/formats/document';
import { documentOutline } from '../../../functions/common/formats/document-outline';
import { writeDocument } from '../../../functions/common/formats/write-document';
import { documentQuestions } from '../../../functions/sources/configure';
import { buildQuestionnaireDocx } from '../../../scripts/fixtures/word';

const NS = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

/** A .docx of the builder's parts with this body (paragraph XML) and, if given, this numbering.xml. */
async function docxWith(bodyXml: string, numberingXml?: string) {
  const files = unzipSync((await buildQuestionnaireDocx({ paragraphs: 1, tableRows: 1 })).bytes);
  files['word/document.xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><w:document ${NS}><w:body>${bodyXml}</w:body></w:document>`,
  );
  if (numberingXml) files['word/numbering.xml'] = strToU8(`<w:numbering ${NS}>${numberingXml}</w:numbering>`);
  return zipSync(files);
}

const run = (text: string, props = '') =>
  `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ''}<w:t xml:space="preserve">${text}</w:t></w:r>`;
const para = (text: string, props = '') => `<w:p><w:pPr>${props}</w:pPr>${run(text)}</w:p>`;
const font = (name: string) => `<w:rFonts w:ascii="${name}" w:hAnsi="${name}"/>`;
const sym = (name: string, char: string) => `<w:r><w:sym w:font="${name}" w:char="${char}"/></w:r>`;
const typedIn = (name: string, text: string) => run(text, font(name));

const documentXml = (bytes: Uint8Array) => strFromU8(unzipSync(bytes)['word/document.xml']);
/** Each body paragraph's XML, in order. */
const paragraphsXml = (bytes: Uint8Array) => {
  const xml = documentXml(bytes);
  return xml
    .slice(xml.indexOf('<w:body>'))
    .split(/<w:p[ >]/)
    .slice(1);
};

describe('Word boxes drawn in symbol fonts', () => {
  it('reads them as boxes to tick, and ticks the chosen one with its own font’s glyph', async () => {
    // Prepare: Wingdings symbols (Insert › Symbol), Wingdings 2 typed characters (one ticked
    // already), MS Gothic characters, and Wingdings characters stored in the private-use range.
    const bytes = await docxWith(
      [
        para('Is data encrypted at rest?'),
        `<w:p>${sym('Wingdings', 'F0A8')}${run(' Yes ')}${sym('Wingdings', 'F0A8')}${run(' No')}</w:p>`,
        para('Do you have a data protection officer?'),
        `<w:p>${typedIn('Wingdings 2', '£')}${run(' Yes ')}${typedIn('Wingdings 2', 'R')}${run(' No')}</w:p>`,
        para('Do you train staff every year?'),
        `<w:p>${typedIn('MS Gothic', '☐')}${run(' Yes ')}${typedIn('MS Gothic', '☐')}${run(' No')}</w:p>`,
        para('Is MFA enforced for administrators?'),
        `<w:p>${typedIn('Wingdings', '\uF06F')}${run(' Yes ')}${typedIn('Wingdings', '\uF06F')}${run(' No')}</w:p>`,
      ].join(''),
    );

    // Act
    const doc = await readDocument(bytes);
    const found = detectDocumentQuestions(doc);
    const written = await writeDocument(bytes, [
      { nodeId: 'p1', mode: 'AFTER', value: 'No' },
      { nodeId: 'p3', mode: 'AFTER', value: 'Yes' },
      { nodeId: 'p5', mode: 'AFTER', value: 'Yes' },
      { nodeId: 'p7', mode: 'AFTER', value: 'No' },
    ]);

    // Assess: each box paragraph is its question's answer place and compliance.
    expect(doc.nodes.filter((n) => n.nodeId.match(/^p[1357]$/)).map((n) => n.text)).toEqual([
      '☐ Yes ☐ No',
      '☐ Yes ☒ No',
      '☐ Yes ☐ No',
      '☐ Yes ☐ No',
    ]);
    const places = (type: string) =>
      found.filter((a) => a.annotationType === type).map((a) => [a.parentNodeId, a.nodeId]);
    const expected = [
      ['p0', 'p1'],
      ['p2', 'p3'],
      ['p4', 'p5'],
      ['p6', 'p7'],
    ];
    expect(places('ANSWER')).toEqual(expected);
    expect(places('COMPLIANCE')).toEqual(expected);
    // The chosen box in its font's ticked glyph; the others as they were, or cleared in their font.
    const ps = paragraphsXml(written);
    expect(ps[1]).toContain(
      '<w:sym w:font="Wingdings" w:char="F0A8"/></w:r><w:r><w:t xml:space="preserve"> Yes </w:t></w:r><w:r><w:sym w:font="Wingdings" w:char="F0FE"/>',
    );
    expect(ps[3]).toMatch(/Wingdings 2".*<w:t xml:space="preserve">R<\/w:t>.* Yes .*Wingdings 2".*>£<\/w:t>/);
    expect(ps[5]).toMatch(/MS Gothic".*>☒<\/w:t>.* Yes .*MS Gothic".*>☐<\/w:t>/);
    expect(ps[7]).toMatch(/Wingdings".*>\uF06F<\/w:t>.* Yes .*Wingdings".*>\uF0FE<\/w:t>/);
    const reread = await readDocument(written);
    expect(reread.nodes.filter((n) => n.nodeId.match(/^p[1357]$/)).map((n) => n.text)).toEqual([
      '☐ Yes ☒ No',
      '☒ Yes ☐ No',
      '☒ Yes ☐ No',
      '☐ Yes ☒ No',
    ]);
    expect(reread.nodes).toHaveLength(doc.nodes.length);
  });
});

describe('Word answers typed after their label', () => {
  it('imports the text after the label as the answer, and replaces only that text on write-back', async () => {
    // Prepare: a bold label and the answer in its own (blue) run; a label and answer in one run, a
    // tab between them; a bare label for comparison.
    const bytes = await docxWith(
      [
        para('Is data encrypted at rest?'),
        `<w:p><w:pPr><w:jc w:val="both"/></w:pPr>${run('Answer:', '<w:b/>')}${run(' We encrypt all data at rest.', '<w:color w:val="1F3864"/>')}</w:p>`,
        para('How often are keys rotated?'),
        `<w:p>${run('Response:', '<w:i/>')}<w:r><w:tab/><w:t>Yearly, by hand.</w:t></w:r></w:p>`,
        para('Who is your data protection officer?'),
        `<w:p>${run('Answer:', '<w:b/>')}</w:p>`,
      ].join(''),
    );
    const doc = await readDocument(bytes);

    // Act
    const found = detectDocumentQuestions(doc);
    const questions = documentQuestions(doc, found, {});
    const written = await writeDocument(bytes, [
      { nodeId: 'p1', mode: 'AFTER', value: 'Yes, with AES-256.\nKeys are held in a KMS.' },
      { nodeId: 'p3', mode: 'AFTER', value: 'Every 90 days, automatically.' },
      { nodeId: 'p5', mode: 'AFTER', value: 'Jane Doe' },
    ]);

    // Assess: the labelled paragraphs are the answer places; the label is never the answer.
    expect(found.filter((a) => a.annotationType === 'ANSWER').map((a) => [a.parentNodeId, a.nodeId])).toEqual(
      [
        ['p0', 'p1'],
        ['p2', 'p3'],
        ['p4', 'p5'],
      ],
    );
    expect(questions.map((q) => q.answer)).toEqual(['We encrypt all data at rest.', 'Yearly, by hand.', '']);
    const ps = paragraphsXml(written);
    expect(ps[1]).toContain(
      '<w:jc w:val="both"/></w:pPr><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">Answer:</w:t></w:r><w:r><w:rPr><w:color w:val="1F3864"/></w:rPr><w:t xml:space="preserve"> </w:t></w:r><w:r><w:rPr><w:color w:val="1F3864"/></w:rPr><w:t xml:space="preserve">Yes, with AES-256.</w:t></w:r></w:p>',
    );
    expect(ps[2]).toMatch(/<w:jc w:val="both"\/>.*<w:color w:val="1F3864"\/>.*Keys are held in a KMS\./);
    expect(ps[4]).toContain(
      '<w:r><w:rPr><w:i/></w:rPr><w:t xml:space="preserve">Response:</w:t></w:r><w:r><w:tab/></w:r><w:r><w:t xml:space="preserve">Every 90 days, automatically.</w:t></w:r>',
    );
    const reread = await readDocument(written);
    expect(reread.nodes.filter((n) => n.kind === 'paragraph').map((n) => n.text)).toEqual([
      'Is data encrypted at rest?',
      'Answer: Yes, with AES-256.',
      'Keys are held in a KMS.',
      'How often are keys rotated?',
      'Response:\tEvery 90 days, automatically.',
      'Who is your data protection officer?',
      'Answer: Jane Doe',
    ]);
  });
});

describe('Word sub-questions numbered by a list of their own under a lead-in', () => {
  it('numbers them under the lead-in (3.1, 3.2…), and leaves the lead-in out of the questions', async () => {
    // Prepare: the questions in list 1 (1., 2., 3., 4.); the lead-in's sub-questions in list 2,
    // a new list restarting at 1.
    const level = `<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>`;
    const numbering = `<w:abstractNum w:abstractNumId="0">${level}</w:abstractNum><w:abstractNum w:abstractNumId="1">${level}</w:abstractNum>
      <w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>`;
    const numbered = (text: string, numId: number) =>
      para(text, `<w:numPr><w:ilvl w:val="0"/><w:numId w:val="${numId}"/></w:numPr>`);
    const empty = '<w:p/>';
    const bytes = await docxWith(
      [
        para('Access control', '<w:outlineLvl w:val="0"/>'),
        numbered('Do you have an access control policy?', 1),
        empty,
        numbered('Do you review access rights every quarter?', 1),
        empty,
        numbered('Describe your access controls:', 1),
        numbered('How are accounts removed when people leave?', 2),
        empty,
        numbered('How are administrator accounts protected?', 2),
        empty,
        numbered('How are passwords stored?', 2),
        empty,
        numbered('Do you log access to customer data?', 1),
        empty,
      ].join(''),
      numbering,
    );
    const doc = await readDocument(bytes);

    // Act
    const found = detectDocumentQuestions(doc);
    const questions = documentQuestions(doc, found, {});

    // Assess
    expect(doc.nodes.filter((n) => n.numbering).map((n) => n.numbering)).toEqual([
      '1.',
      '2.',
      '3.',
      '1.',
      '2.',
      '3.',
      '4.',
    ]);
    expect(questions.map((q) => [q.referenceNumber, q.question, q.sectionDescription])).toEqual([
      ['1', 'Do you have an access control policy?', 'Access control'],
      ['2', 'Do you review access rights every quarter?', 'Access control'],
      ['3.1', 'How are accounts removed when people leave?', 'Access control'],
      ['3.2', 'How are administrator accounts protected?', 'Access control'],
      ['3.3', 'How are passwords stored?', 'Access control'],
      ['4', 'Do you log access to customer data?', 'Access control'],
    ]);
    expect(documentOutline(doc.nodes).get('p8')).toMatchObject({ reference: '3.2', parentReference: '3' });
    expect(found.filter((a) => a.annotationType === 'ANSWER').map((a) => [a.parentNodeId, a.nodeId])).toEqual(
      [
        ['p1', 'p2'],
        ['p3', 'p4'],
        ['p6', 'p7'],
        ['p8', 'p9'],
        ['p10', 'p11'],
        ['p12', 'p13'],
      ],
    );
  });
});
