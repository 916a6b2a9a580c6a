/**
 * Word questionnaires numbered by Word itself (issue 27, part 2): the labels and full numbers of
 * multi-level lists, headings as sections, lead-ins and their sub-items, every kind of answer
 * place, and write-back into the place itself.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import { detectDocumentQuestions } from '../../../functions/common/formats/detect-document';
import { readDocument } from '../../../functions/common/formats/document';
import { documentOutline } from '../../../functions/common/formats/document-outline';
import { writeDocument } from '../../../functions/common/formats/write-document';
import { buildNumberedQuestionnaireDocx, buildQuestionnaireDocx } from '../../../scripts/fixtures/word';
import type { DocumentContent } from '../../../shared/schemas/source';

const NS =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml"';

/** A .docx of the builder's parts with this body (paragraph XML) and, if given, this numbering.xml. */
async function docxWith(bodyXml: string, numberingXml?: string, stylesXml?: string) {
  const files = unzipSync((await buildQuestionnaireDocx({ paragraphs: 1, tableRows: 1 })).bytes);
  files['word/document.xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><w:document ${NS}><w:body>${bodyXml}</w:body></w:document>`,
  );
  if (numberingXml) files['word/numbering.xml'] = strToU8(`<w:numbering ${NS}>${numberingXml}</w:numbering>`);
  if (stylesXml) files['word/styles.xml'] = strToU8(`<w:styles ${NS}>${stylesXml}</w:styles>`);
  return zipSync(files);
}

const para = (text: string, props = '') =>
  `<w:p><w:pPr>${props}</w:pPr><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
const numbered = (text: string, numId: number, ilvl: number) =>
  para(text, `<w:numPr><w:ilvl w:val="${ilvl}"/><w:numId w:val="${numId}"/></w:numPr>`);
const lvl = (ilvl: number, format: string, text: string, start = 1, extra = '') =>
  `<w:lvl w:ilvl="${ilvl}"><w:start w:val="${start}"/><w:numFmt w:val="${format}"/><w:lvlText w:val="${text}"/>${extra}</w:lvl>`;

const paragraphs = async (bytes: Uint8Array) =>
  (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value.split('\n').filter((l) => l.trim());

describe('readDocument, automatic numbering', () => {
  it('gives the label Word shows and the full number, counting lists as Word does', async () => {
    // Prepare: one abstract list (3., i), A., bullets) used by three lists: 1, 2 restarting it, 3
    // continuing it; a list numbered by the list style it uses (I., II.); legal numbering (1.1 under i.).
    const numbering = `<w:abstractNum w:abstractNumId="0">${lvl(0, 'decimal', '%1.', 3)}${lvl(1, 'lowerRoman', '%2)')}${lvl(2, 'upperLetter', '%3.')}${lvl(3, 'bullet', '•')}</w:abstractNum>
      <w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
      <w:num w:numId="2"><w:abstractNumId w:val="0"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride></w:num>
      <w:num w:numId="3"><w:abstractNumId w:val="0"/></w:num>
      <w:abstractNum w:abstractNumId="7"><w:numStyleLink w:val="QuestionsList"/></w:abstractNum>
      <w:abstractNum w:abstractNumId="8"><w:styleLink w:val="QuestionsList"/>${lvl(0, 'upperRoman', '%1.')}</w:abstractNum>
      <w:num w:numId="9"><w:abstractNumId w:val="7"/></w:num>
      <w:abstractNum w:abstractNumId="10">${lvl(0, 'lowerRoman', '%1.')}${lvl(1, 'decimal', '%1.%2', 1, '<w:isLgl/>')}</w:abstractNum>
      <w:num w:numId="11"><w:abstractNumId w:val="10"/></w:num>`;
    const bytes = await docxWith(
      [
        numbered('first', 1, 0),
        numbered('roman one', 1, 1),
        numbered('roman two', 1, 1),
        numbered('letter', 1, 2),
        numbered('bullet', 1, 3),
        numbered('second', 1, 0),
        numbered('sub restarted', 1, 1),
        numbered('continued', 3, 0),
        numbered('restarted', 2, 0),
        numbered('after restart', 2, 1),
        numbered('list style', 9, 0),
        numbered('list style again', 9, 0),
        numbered('roman', 11, 0),
        numbered('legal', 11, 1),
        para('Heading text', '<w:pStyle w:val="Heading2"/>'),
        para('Outline level', '<w:outlineLvl w:val="0"/>'),
      ].join(''),
      numbering,
    );

    // Act
    const doc = await readDocument(bytes);

    // Assess
    const shown = doc.nodes.map((n) => [n.text, n.numbering, n.reference, n.headingLevel]);
    expect(shown).toEqual([
      ['first', '3.', '3', undefined],
      ['roman one', 'i)', '3.i', undefined],
      ['roman two', 'ii)', '3.ii', undefined],
      ['letter', 'A.', '3.ii.A', undefined],
      ['bullet', undefined, undefined, undefined],
      ['second', '4.', '4', undefined],
      ['sub restarted', 'i)', '4.i', undefined],
      ['continued', '5.', '5', undefined],
      ['restarted', '1.', '1', undefined],
      ['after restart', 'i)', '1.i', undefined],
      ['list style', 'I.', 'I', undefined],
      ['list style again', 'II.', 'II', undefined],
      ['roman', 'i.', 'i', undefined],
      ['legal', '1.1', '1.1', undefined],
      ['Heading text', undefined, undefined, 2],
      ['Outline level', undefined, undefined, 1],
    ]);
    expect(doc.html).toContain('<span class="numbering">A.</span> letter');
  });
});

describe('readDocument, numbering and headings from styles', () => {
  it("numbers paragraphs by their style's list, and takes headings from styles based on a heading", async () => {
    // Prepare
    const numbering = `<w:abstractNum w:abstractNumId="0">${lvl(0, 'decimal', '%1.')}${lvl(1, 'lowerLetter', '(%2)')}</w:abstractNum><w:num w:numId="4"><w:abstractNumId w:val="0"/></w:num>`;
    const styles = `<w:style w:type="paragraph" w:styleId="QuestionList"><w:name w:val="Question List"/><w:pPr><w:numPr><w:numId w:val="4"/></w:numPr></w:pPr></w:style>
      <w:style w:type="paragraph" w:styleId="SubQuestion"><w:name w:val="Sub Question"/><w:basedOn w:val="QuestionList"/><w:pPr><w:numPr><w:ilvl w:val="1"/></w:numPr></w:pPr></w:style>
      <w:style w:type="paragraph" w:styleId="Berschrift1"><w:name w:val="heading 1"/></w:style>
      <w:style w:type="paragraph" w:styleId="PartTitle"><w:name w:val="Part Title"/><w:basedOn w:val="Berschrift1"/></w:style>`;
    const bytes = await docxWith(
      [
        para('Part one', '<w:pStyle w:val="PartTitle"/>'),
        para('Do you?', '<w:pStyle w:val="QuestionList"/>'),
        para('Sub one', '<w:pStyle w:val="SubQuestion"/>'),
        para('Not numbered', '<w:pStyle w:val="QuestionList"/><w:numPr><w:numId w:val="0"/></w:numPr>'),
        para('Do you too?', '<w:pStyle w:val="QuestionList"/>'),
      ].join(''),
      numbering,
      styles,
    );

    // Act
    const doc = await readDocument(bytes);

    // Assess
    expect(doc.nodes.map((n) => [n.text, n.numbering, n.reference, n.headingLevel])).toEqual([
      ['Part one', undefined, undefined, 1],
      ['Do you?', '1.', '1', undefined],
      ['Sub one', '(a)', '1.a', undefined],
      ['Not numbered', undefined, undefined, undefined],
      ['Do you too?', '2.', '2', undefined],
    ]);
  });
});

describe('readDocument, damaged parts', () => {
  it('reads the text of a document whose numbering and styles cannot be read, without their labels', async () => {
    // Prepare
    const bytes = await docxWith(
      [numbered('Do you?', 1, 0), para('Heading', '<w:pStyle w:val="Heading1"/>')].join(''),
      '<w:abstractNum w:abstractNumId="0"><w:lvl',
      '<w:style w:type="paragraph"',
    );

    // Act
    const doc = await readDocument(bytes);

    // Assess
    expect(doc.nodes.map((n) => [n.text, n.numbering, n.headingLevel])).toEqual([
      ['Do you?', undefined, undefined],
      ['Heading', undefined, 1],
    ]);
  });
});

describe('documentOutline', () => {
  it('gives typed sub-items their lead-in number, and each question the heading or section row above it', () => {
    // Prepare
    const nodes: DocumentContent['nodes'] = [
      { nodeId: 'p0', kind: 'paragraph', text: 'Access control', headingLevel: 1 },
      { nodeId: 'p1', kind: 'paragraph', text: '3. Describe the following:' },
      { nodeId: 'p2', kind: 'paragraph', text: 'a. How are accounts removed?' },
      { nodeId: 'p3', kind: 'paragraph', text: '(b) How are passwords stored?' },
      { nodeId: 'p4', kind: 'paragraph', text: '2.1 Backups', headingLevel: 2 },
      { nodeId: 'p5', kind: 'paragraph', text: 'c. A lettered line with no lead-in?' },
      { nodeId: 't0', kind: 'table', text: '' },
      { nodeId: 't0.r0', kind: 'row', text: '', parentNodeId: 't0' },
      {
        nodeId: 't0.r0.c0',
        kind: 'cell',
        text: 'C.7 Are backups tested?',
        parentNodeId: 't0.r0',
        rowNodeId: 't0.r0',
      },
      { nodeId: 't1', kind: 'table', text: '' },
      { nodeId: 't1.r0', kind: 'row', text: 'Question | Answer', parentNodeId: 't1' },
      { nodeId: 't1.r1', kind: 'row', text: 'Encryption', parentNodeId: 't1' },
      { nodeId: 't1.r2', kind: 'row', text: 'Is data encrypted? | ', parentNodeId: 't1' },
      {
        nodeId: 't1.r2.c0',
        kind: 'cell',
        text: 'Is data encrypted?',
        parentNodeId: 't1.r2',
        rowNodeId: 't1.r2',
      },
      { nodeId: 'p6', kind: 'paragraph', text: 'After the table?' },
    ];

    // Act
    const outline = documentOutline(nodes);

    // Assess
    const of = (id: string) => outline.get(id);
    expect(of('p2')).toMatchObject({
      reference: '3.a',
      text: 'How are accounts removed?',
      section: 'Access control',
    });
    expect(of('p3')).toMatchObject({ reference: '3.b', text: 'How are passwords stored?' });
    expect(of('p5')).toMatchObject({ reference: 'c', section: 'Backups' });
    expect(of('t0.r0.c0')).toMatchObject({
      reference: 'C.7',
      text: 'Are backups tested?',
      section: 'Backups',
    });
    expect(of('t1.r2.c0')).toMatchObject({ text: 'Is data encrypted?', section: 'Encryption' });
    expect(of('p6')).toMatchObject({ section: 'Backups' });
  });
});

describe('detectDocumentQuestions, Word numbering', () => {
  it('finds each question once with its number, section and answer place, and nothing else', async () => {
    // Prepare
    const built = await buildNumberedQuestionnaireDocx();
    const doc = await readDocument(built.bytes);

    // Act
    const found = detectDocumentQuestions(doc);

    // Assess
    const outline = documentOutline(doc.nodes);
    const questions = found.filter((a) => a.annotationType === 'QUESTION');
    expect(
      questions.map((q) => {
        const place = outline.get(q.nodeId);
        const reference =
          found.find((a) => a.annotationType === 'REFERENCE' && a.parentNodeId === q.nodeId)?.text ??
          place?.reference;
        return { reference, text: place?.text, section: place?.section };
      }),
    ).toEqual(built.questions.map(({ reference, text, section }) => ({ reference, text, section })));
    const node = (id?: string) => doc.nodes.find((n) => n.nodeId === id);
    built.questions.forEach((expected, i) => {
      const of = (type: string) =>
        found.filter((a) => a.annotationType === type && a.parentNodeId === questions[i].nodeId);
      const [answer] = of('ANSWER');
      expect(of('ANSWER'), expected.text).toHaveLength(1);
      const kind = {
        paragraph: 'paragraph',
        label: 'paragraph',
        'checkboxes+paragraph': 'paragraph',
        checkboxes: 'paragraph',
        box: 'cell',
        cell: 'cell',
      }[expected.place];
      expect(node(answer.nodeId)?.kind, expected.text).toBe(kind);
      // The label is never the answer place when an empty paragraph follows it.
      expect(answer.text, expected.text).toBe(
        expected.place === 'checkboxes' ? '☐ Yes ☐ No ☐ Not applicable' : '',
      );
      if (expected.place.startsWith('checkboxes'))
        expect(of('COMPLIANCE').map((c) => c.text)).toEqual(['☐ Yes ☐ No ☐ Not applicable']);
    });
  });
});

describe('detectDocumentQuestions, typed numbers', () => {
  it('leaves out lead-ins of sub-questions and lines that only ask the reader, and finds each place', () => {
    // Prepare
    const texts = [
      'Not sure which option applies?',
      'Pick the closest one.',
      '1. Do you have a security policy?',
      '',
      '2. Describe the following:',
      '',
      'a. How is data encrypted at rest?',
      'Response: ________',
      'b. How is data encrypted in transit?',
      '☐ Yes ☐ No',
      '3. Do you run penetration tests?',
      'Answer:',
      '',
      '4. List the standards you are certified against:',
      'a. ISO 27001',
      'b. SOC 2',
      'Questions? Contact security@vendor.example.',
    ];
    const doc = {
      html: '',
      nodes: texts.map((text, i) => ({ nodeId: `p${i}`, kind: 'paragraph' as const, text })),
    };

    // Act
    const found = detectDocumentQuestions(doc);

    // Assess
    const outline = documentOutline(doc.nodes);
    const questions = found.filter((a) => a.annotationType === 'QUESTION');
    expect(questions.map((q) => [outline.get(q.nodeId)?.reference, outline.get(q.nodeId)?.text])).toEqual([
      ['1', 'Do you have a security policy?'],
      ['2.a', 'How is data encrypted at rest?'],
      ['2.b', 'How is data encrypted in transit?'],
      ['3', 'Do you run penetration tests?'],
      // Its sub-items are only words: the lead-in is the question.
      ['4', 'List the standards you are certified against:'],
    ]);
    const places = (type: string) =>
      found.filter((a) => a.annotationType === type).map((a) => [a.parentNodeId, a.nodeId]);
    expect(places('ANSWER')).toEqual([
      ['p2', 'p3'],
      ['p6', 'p7'],
      ['p8', 'p9'],
      ['p10', 'p12'],
    ]);
    expect(places('COMPLIANCE')).toEqual([['p8', 'p9']]);
  });
});

describe('writeDocument, into the answer place', () => {
  it('fills empty paragraphs, boxes and places after labels, and ticks checkboxes, adding no paragraph', async () => {
    // Prepare
    const built = await buildNumberedQuestionnaireDocx();
    const doc = await readDocument(built.bytes);
    const found = detectDocumentQuestions(doc);
    const questions = found.filter((a) => a.annotationType === 'QUESTION');
    const placeOf = (i: number, type = 'ANSWER') =>
      found.find((a) => a.annotationType === type && a.parentNodeId === questions[i].nodeId)!.nodeId;
    const answers = built.questions.map((q, i) => `Answer ${i + 1} to ${q.reference}`);
    const before = await paragraphs(built.bytes);

    // Act
    const written = await writeDocument(built.bytes, [
      ...answers.map((value, i) => ({
        nodeId: placeOf(i),
        mode:
          doc.nodes.find((n) => n.nodeId === placeOf(i))?.kind === 'cell'
            ? ('CELL' as const)
            : ('AFTER' as const),
        value: built.questions[i].place === 'checkboxes' ? 'No' : value,
      })),
      { nodeId: placeOf(5, 'COMPLIANCE'), mode: 'AFTER', value: 'Compliant' },
    ]);

    // Assess: the same paragraphs, each answer where its place was, the boxes ticked.
    const after = await paragraphs(written);
    const question = (i: number) => before.indexOf(built.questions[i].text);
    const changed = new Map<number, string[]>(before.map((line, at) => [at, [line]]));
    const put = (at: number, ...lines: string[]) => changed.set(at, lines);
    for (const [i, q] of built.questions.entries()) {
      const at = question(i);
      if (q.place === 'paragraph' || q.place === 'box' || q.place === 'cell') put(at, before[at], answers[i]);
      if (q.place === 'label') put(at + 1, 'Response:', answers[i]);
      if (q.place === 'checkboxes+paragraph') put(at + 1, '☒ Yes ☐ No ☐ Not applicable', answers[i]);
      if (q.place === 'checkboxes') put(at + 1, '☐ Yes ☒ No ☐ Not applicable');
    }
    const expected = [...changed.values()].flat();
    expect(after).toEqual(expected);
    // No paragraph was added: the reader sees the same nodes, the places now holding the answers.
    const reread = await readDocument(written);
    expect(reread.nodes.map((n) => n.nodeId)).toEqual(doc.nodes.map((n) => n.nodeId));
    expect(reread.nodes.find((n) => n.nodeId === placeOf(2))?.text).toBe(answers[2]);
  });

  it("keeps the place's own formatting, and writes after a bare label without its bold", async () => {
    // Prepare: an italic empty place (its paragraph mark), and a bold label with nothing after it.
    const bytes = await docxWith(
      [
        para('Is MFA enforced?'),
        '<w:p><w:pPr><w:jc w:val="right"/><w:rPr><w:i/></w:rPr></w:pPr></w:p>',
        para('Are laptops encrypted?'),
        '<w:p><w:r><w:rPr><w:b/><w:color w:val="FF0000"/></w:rPr><w:t>Response:</w:t></w:r></w:p>',
        para('Who is your DPO?'),
        para('Answer: ________'),
      ].join(''),
    );

    // Act
    const written = await writeDocument(bytes, [
      { nodeId: 'p1', mode: 'AFTER', value: 'Yes, for everyone.\nSince 2021.' },
      { nodeId: 'p3', mode: 'AFTER', value: 'Yes, with BitLocker.' },
      { nodeId: 'p5', mode: 'AFTER', value: 'Jane Doe' },
    ]);

    // Assess
    const xml = strFromU8(unzipSync(written)['word/document.xml']);
    const body = xml.slice(xml.indexOf('<w:body>'));
    const ps = body.split('<w:p>').slice(1);
    expect(ps).toHaveLength(7);
    expect(ps[1]).toMatch(
      /<w:jc w:val="right"\/>.*<w:r><w:rPr><w:i\/><\/w:rPr><w:t xml:space="preserve">Yes, for everyone\.<\/w:t>/,
    );
    expect(ps[2]).toMatch(/<w:jc w:val="right"\/>.*<w:i\/>.*Since 2021\./);
    expect(ps[4]).toContain('<w:rPr><w:b/><w:color w:val="FF0000"/></w:rPr><w:t>Response:</w:t>');
    expect(ps[4]).toMatch(
      /<w:r><w:rPr><w:color w:val="FF0000"\/><\/w:rPr><w:t xml:space="preserve"> Yes, with BitLocker\.<\/w:t>/,
    );
    expect(await paragraphs(written)).toEqual([
      'Is MFA enforced?',
      'Yes, for everyone.',
      'Since 2021.',
      'Are laptops encrypted?',
      'Response: Yes, with BitLocker.',
      'Who is your DPO?',
      'Answer: Jane Doe',
    ]);
  });

  it("fills content controls that show their placeholder, in the control's place", async () => {
    // Prepare: an inline control, a block control and one in a box, each showing Word's grey placeholder.
    const placeholder =
      '<w:r><w:rPr><w:rStyle w:val="PlaceholderText"/><w:sz w:val="20"/></w:rPr><w:t>Click or tap here to enter text.</w:t></w:r>';
    const bytes = await docxWith(
      [
        para('Is MFA enforced?'),
        `<w:p><w:sdt><w:sdtPr><w:showingPlcHdr/></w:sdtPr><w:sdtContent>${placeholder}</w:sdtContent></w:sdt></w:p>`,
        para('Who is your DPO?'),
        `<w:sdt><w:sdtPr><w:showingPlcHdr/></w:sdtPr><w:sdtContent><w:p>${placeholder}</w:p></w:sdtContent></w:sdt>`,
        para('Where is data hosted?'),
        `<w:tbl><w:tr><w:tc><w:sdt><w:sdtPr><w:showingPlcHdr/></w:sdtPr><w:sdtContent><w:p>${placeholder}</w:p></w:sdtContent></w:sdt></w:tc></w:tr></w:tbl>`,
      ].join(''),
    );
    const doc = await readDocument(bytes);
    const found = detectDocumentQuestions(doc);
    const answers = found.filter((a) => a.annotationType === 'ANSWER');

    // Act
    const written = await writeDocument(bytes, [
      { nodeId: answers[0].nodeId, mode: 'AFTER', value: 'Yes, for everyone.' },
      { nodeId: answers[1].nodeId, mode: 'AFTER', value: 'Jane Doe' },
      { nodeId: answers[2].nodeId, mode: 'CELL', value: 'Sydney' },
    ]);

    // Assess: each control holds its answer in the placeholder's size, no longer grey or a placeholder.
    expect(answers.map((a) => [a.parentNodeId, a.nodeId, a.text])).toEqual([
      ['p0', 'p1', ''],
      ['p2', 'p3', ''],
      ['p4', 't0.r0.c0', ''],
    ]);
    const xml = strFromU8(unzipSync(written)['word/document.xml']);
    expect(xml).not.toContain('showingPlcHdr');
    expect(xml).not.toContain('PlaceholderText');
    expect(
      xml.match(
        /<w:sdtContent><w:r><w:rPr><w:sz w:val="20"\/><\/w:rPr><w:t xml:space="preserve">Yes, for everyone\.<\/w:t>/,
      ),
    ).not.toBeNull();
    expect(
      xml.match(
        /<w:sdtContent><w:p><w:r><w:rPr><w:sz w:val="20"\/><\/w:rPr><w:t xml:space="preserve">Jane Doe<\/w:t>/,
      ),
    ).not.toBeNull();
    expect(await paragraphs(written)).toEqual([
      'Is MFA enforced?',
      'Yes, for everyone.',
      'Who is your DPO?',
      'Jane Doe',
      'Where is data hosted?',
      'Sydney',
    ]);
  });

  it("ticks Word's checkbox content controls, legacy form checkboxes and boxes in a table cell", async () => {
    // Prepare
    const formBox = (checked: boolean) =>
      `<w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:checkBox><w:sizeAuto/><w:default w:val="${checked ? 1 : 0}"/></w:checkBox></w:ffData></w:fldChar></w:r><w:r><w:instrText xml:space="preserve"> FORMCHECKBOX </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`;
    const control = (checked: boolean) =>
      `<w:sdt><w:sdtPr><w14:checkbox><w14:checked w14:val="${checked ? 1 : 0}"/><w14:checkedState w14:val="2612" w14:font="MS Gothic"/><w14:uncheckedState w14:val="2610" w14:font="MS Gothic"/></w14:checkbox></w:sdtPr><w:sdtContent><w:r><w:t>${checked ? '☒' : '☐'}</w:t></w:r></w:sdtContent></w:sdt>`;
    const bytes = await docxWith(
      [
        para('Is data encrypted at rest?'),
        `<w:p>${control(true)}<w:r><w:t xml:space="preserve"> Yes </w:t></w:r>${control(false)}<w:r><w:t xml:space="preserve"> No</w:t></w:r></w:p>`,
        `<w:tbl><w:tr><w:tc>${para('Do you have a DPO?')}</w:tc><w:tc>${para('☐ Yes')}${para('☐ No')}</w:tc></w:tr></w:tbl>`,
        para('Do you train staff?'),
        `<w:p>${formBox(true)}<w:r><w:t xml:space="preserve"> Yes </w:t></w:r>${formBox(false)}<w:r><w:t xml:space="preserve"> No</w:t></w:r></w:p>`,
      ].join(''),
    );

    // Act
    const written = await writeDocument(bytes, [
      { nodeId: 'p1', mode: 'AFTER', value: 'Non-Compliant' },
      { nodeId: 't0.r0.c1', mode: 'CELL', value: 'Yes, since 2020.' },
      { nodeId: 'p3', mode: 'AFTER', value: 'No' },
    ]);

    // Assess
    const xml = strFromU8(unzipSync(written)['word/document.xml']);
    expect([...xml.matchAll(/<w14:checked w14:val="(\d)"\/>/g)].map((m) => m[1])).toEqual(['0', '1']);
    const reread = await readDocument(written);
    expect(reread.nodes.find((n) => n.nodeId === 'p1')?.text).toBe('☐ Yes ☒ No');
    expect(reread.nodes.filter((n) => n.parentNodeId === 't0.r0.c1').map((n) => n.text)).toEqual([
      '☒ Yes',
      '☐ No',
      'Yes, since 2020.',
    ]);
    expect(reread.nodes.find((n) => n.nodeId === 'p3')?.text).toBe('☐ Yes ☒ No');
    expect([...xml.matchAll(/<w:checked w:val="(\d)"\/>/g)].map((m) => m[1])).toEqual(['0', '1']);
    expect(reread.nodes.filter((n) => n.kind === 'paragraph')).toHaveLength(8);
  });
});
