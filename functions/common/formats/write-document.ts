/**
 * Write-back into a copy of the customer's Word file: only word/document.xml changes. Node ids are
 * found by the same body walk the reader used (docx-walk.ts). Every other part keeps its bytes.
 *
 * An answer goes into its place itself, in the place's own formatting:
 * - an empty paragraph, or one holding only a line to write on ("_____"), is filled (its paragraph
 *   properties and its run, or paragraph mark, properties kept); further lines follow as paragraphs
 *   of the same style;
 * - a label alone ("Response:") gets the answer after it in the same paragraph, in the label's
 *   run properties without its bold, italic or underline;
 * - boxes to tick ("☐ Yes ☐ No": the glyphs ☐ ☒ ☑, Word's checkbox content controls, legacy
 *   form checkboxes, boxes drawn in a symbol font such as Wingdings) get the chosen one marked and
 *   the others cleared, a symbol font's box with that font's own glyph; an answer that says more
 *   than the option's label follows as a paragraph after them, and one that names no option is
 *   written after them;
 * - a table cell written CELL (an answer box, a table's response cell) has its text replaced in
 *   the style of its first paragraph, a label paragraph at its top kept;
 * - a label with an answer typed after it ("Answer: We encrypt…") gets that answer replaced, in
 *   its run properties, the label kept as it is;
 * - any other paragraph (a question without an answer place, an answer place holding other
 *   text) gets the answer as new paragraphs right after it, in its style without its numbering.
 */
import { DOMParser, type Element, XMLSerializer } from '@xmldom/xmldom';
import { strFromU8, strToU8, zipSync } from 'fflate';
import {
  cellParagraphs,
  childElements,
  formCheckbox,
  paragraphText,
  placeholderAround,
  runFont,
  showsPlaceholder,
  symbolCode,
  type Visit,
  W,
  walkBody,
} from './docx-walk';
import { isSymbolFont, symbolBox, symbolGlyph } from './symbol-boxes';
import {
  answerLabelLength,
  checkboxOptions,
  chosenOption,
  EMPTY_BOX,
  onlyChooses,
  withoutAnswerLabel,
} from './typed-text';
import type { NodeWrite } from './types';
import { unzipChecked } from './zip-guard';

const W14 = 'http://schemas.microsoft.com/office/word/2010/wordml';
const MARKED_BOX = '☒';
/** A place left for the answer: nothing, or only a line to write on. */
const EMPTY_PLACE = /^[\s_.…]*$/;
/** What a paragraph mark's properties hold that a run's may not. */
const MARK_ONLY = new Set(['ins', 'del', 'moveFrom', 'moveTo', 'rPrChange']);
const EMPHASIS = new Set(['b', 'bCs', 'i', 'iCs', 'u']);

const named = (element: Element | undefined, name: string) =>
  element ? childElements(element).find((c) => c.namespaceURI === W && c.localName === name) : undefined;

const firstRunProps = (paragraph: Element) => {
  const run = paragraph.getElementsByTagNameNS(W, 'r')[0];
  return run ? named(run, 'rPr') : undefined;
};

/** Run properties for text written into a place: its first run's, else its paragraph mark's. */
function placeRunProps(paragraph: Element): Element | undefined {
  const own = firstRunProps(paragraph);
  if (own) return own.cloneNode(true) as Element;
  const mark = named(named(paragraph, 'pPr'), 'rPr');
  if (!mark) return undefined;
  const props = paragraph.ownerDocument!.createElementNS(W, 'w:rPr');
  for (const c of childElements(mark))
    if (!MARK_ONLY.has(c.localName ?? '')) props.appendChild(c.cloneNode(true));
  return props;
}

function runOf(doc: NonNullable<Element['ownerDocument']>, text: string, props?: Element) {
  const run = doc.createElementNS(W, 'w:r');
  if (props) run.appendChild(props.cloneNode(true));
  const t = doc.createElementNS(W, 'w:t');
  t.setAttribute('xml:space', 'preserve');
  t.appendChild(doc.createTextNode(text));
  run.appendChild(t);
  return run;
}

/** One paragraph per line of `value`, each styled like the model paragraph (its list numbering dropped). */
function paragraphsFor(
  doc: NonNullable<Element['ownerDocument']>,
  lines: string[],
  model?: Element,
  runProps = model ? placeRunProps(model) : undefined,
) {
  const props = named(model, 'pPr');
  return lines.map((line) => {
    const paragraph = doc.createElementNS(W, 'w:p');
    if (props) {
      const copy = props.cloneNode(true) as Element;
      const numbering = named(copy, 'numPr');
      if (numbering) copy.removeChild(numbering);
      paragraph.appendChild(copy);
    }
    paragraph.appendChild(runOf(doc, line, runProps));
    return paragraph;
  });
}

function insertAfter(anchor: Element, paragraphs: Element[]) {
  const next = anchor.nextSibling;
  for (const p of paragraphs) anchor.parentNode?.insertBefore(p, next);
}

function addAfter(anchor: Element, value: string) {
  insertAfter(anchor, paragraphsFor(anchor.ownerDocument!, value.split('\n'), anchor));
}

/** The paragraph's text-bearing content (runs and what wraps them), its properties and marks kept. */
function clearRuns(paragraph: Element) {
  for (const c of childElements(paragraph)) {
    if (c.localName === 'sdt' && !showsPlaceholder(c)) continue;
    if (
      c.namespaceURI === W &&
      ['r', 'ins', 'smartTag', 'hyperlink', 'sdt', 'fldSimple'].includes(c.localName ?? '')
    )
      paragraph.removeChild(c);
  }
}

/** Run properties without the placeholder's character style (Word's grey "Placeholder Text"). */
function withoutPlaceholderStyle(props: Element | undefined) {
  const style = named(props, 'rStyle');
  if (props && style && /placeholder/i.test(style.getAttributeNS(W, 'val') ?? '')) props.removeChild(style);
  return props;
}

const stopShowingPlaceholder = (sdt: Element) => {
  const flag = named(named(sdt, 'sdtPr'), 'showingPlcHdr');
  flag?.parentNode?.removeChild(flag);
};

/**
 * The empty place itself takes the answer's first line; the rest follow in its style. A content
 * control showing its placeholder takes the answer in place of the placeholder.
 */
function fillParagraph(paragraph: Element, value: string) {
  const [first, ...rest] = value.split('\n');
  const doc = paragraph.ownerDocument!;
  const inline = childElements(paragraph).find((c) => c.localName === 'sdt' && showsPlaceholder(c));
  const around = placeholderAround(paragraph);
  const props = withoutPlaceholderStyle(placeRunProps(paragraph));
  if (inline) {
    const content = named(inline, 'sdtContent') ?? inline;
    for (const c of childElements(content)) content.removeChild(c);
    content.appendChild(runOf(doc, first, props));
    stopShowingPlaceholder(inline);
  } else {
    if (around) stopShowingPlaceholder(around);
    clearRuns(paragraph);
    paragraph.appendChild(runOf(doc, first, props));
  }
  insertAfter(paragraph, paragraphsFor(doc, rest, paragraph, props));
}

/** The answer after the label, in the same paragraph, without the label's emphasis. */
function fillAfterLabel(paragraph: Element, value: string) {
  const props = placeRunProps(paragraph);
  if (props) for (const c of childElements(props)) if (EMPHASIS.has(c.localName ?? '')) props.removeChild(c);
  const [first, ...rest] = value.split('\n');
  const label = paragraphText(paragraph);
  paragraph.appendChild(runOf(paragraph.ownerDocument!, `${/\s$/.test(label) ? '' : ' '}${first}`, props));
  insertAfter(paragraph, paragraphsFor(paragraph.ownerDocument!, rest, paragraph, props));
}

/** The cell's paragraphs are replaced by the answer's, in the style of its first (a label at its top kept). */
function fillCell(cell: Element, value: string) {
  const doc = cell.ownerDocument!;
  const existing = cellParagraphs(cell);
  const labelled =
    existing.length > 1 &&
    paragraphText(existing[0]).trim() &&
    EMPTY_PLACE.test(withoutAnswerLabel(paragraphText(existing[0])));
  const replaced = labelled ? existing.slice(1) : existing;
  const model = replaced[0] ?? existing[0];
  const runProps = model ? withoutPlaceholderStyle(placeRunProps(model)) : undefined;
  const replacement = paragraphsFor(doc, value.split('\n'), model, runProps);
  // The first paragraph may sit in a content control: the answer goes where it was.
  const anchor = replaced[0];
  const around = anchor ? placeholderAround(anchor) : undefined;
  if (around) stopShowingPlaceholder(around);
  for (const p of replacement) {
    if (anchor?.parentNode) anchor.parentNode.insertBefore(p, anchor);
    else cell.appendChild(p);
  }
  for (const old of replaced) old.parentNode?.removeChild(old);
}

/**
 * Each box of the paragraphs, in order: a glyph in a text node (with its content control, if one
 * holds it, and its font when that is a symbol font), a symbol (`w:sym`) drawing a box, or a legacy
 * form checkbox (FORMCHECKBOX).
 */
type Box =
  | { kind: 'glyph'; text: Element; at: number; control?: Element; font?: string }
  | { kind: 'symbol'; sym: Element }
  | { kind: 'form'; checkBox: Element };

function boxesIn(paragraphs: Element[]) {
  const boxes: Box[] = [];
  for (const paragraph of paragraphs) {
    for (const element of Array.from(paragraph.getElementsByTagNameNS(W, '*'))) {
      if (element.localName === 'fldChar') {
        const checkBox = formCheckbox(element);
        if (checkBox) boxes.push({ kind: 'form', checkBox });
        continue;
      }
      if (element.localName === 'sym') {
        if (symbolBox(element.getAttributeNS(W, 'font') ?? undefined, symbolCode(element)))
          boxes.push({ kind: 'symbol', sym: element });
        continue;
      }
      if (element.localName !== 't') continue;
      const content = element.textContent ?? '';
      const font = runFont(element.parentNode as Element | null);
      const symbolic = isSymbolFont(font);
      for (let at = 0; at < content.length; at++) {
        if (!/[☐☒☑]/u.test(content[at]) && !(symbolic && symbolBox(font, content.charCodeAt(at)))) continue;
        let control: Element | undefined;
        for (
          let up = element.parentNode as Element | null;
          up && up !== paragraph;
          up = up.parentNode as Element | null
        ) {
          if (up.localName === 'sdt' && up.getElementsByTagNameNS(W14, 'checkbox')[0]) control = up;
        }
        boxes.push({ kind: 'glyph', text: element, at, control, ...(symbolic ? { font } : {}) });
      }
    }
  }
  return boxes;
}

/** A box in a symbol font takes its own font's ticked or empty glyph; one already so is left as it is. */
function symbolFor(font: string | undefined, code: number, marked: boolean): number {
  const state = symbolBox(font, code);
  if (!font || !state || (state === 'ticked') === marked) return code;
  return symbolGlyph(font, marked, code);
}

function setBox(box: Box, marked: boolean) {
  if (box.kind === 'form') {
    let checked = named(box.checkBox, 'checked');
    if (!checked) {
      checked = box.checkBox.ownerDocument!.createElementNS(W, 'w:checked');
      box.checkBox.appendChild(checked);
    }
    checked.setAttributeNS(W, 'w:val', marked ? '1' : '0');
    return;
  }
  if (box.kind === 'symbol') {
    const code = symbolCode(box.sym);
    const next = symbolFor(box.sym.getAttributeNS(W, 'font') ?? undefined, code, marked);
    if (next !== code) box.sym.setAttributeNS(W, 'w:char', next.toString(16).toUpperCase().padStart(4, '0'));
    return;
  }
  const content = box.text.textContent ?? '';
  if (box.font && !box.control) {
    const next = String.fromCharCode(symbolFor(box.font, content.charCodeAt(box.at), marked));
    box.text.textContent = content.slice(0, box.at) + next + content.slice(box.at + 1);
    return;
  }
  let glyph = marked ? MARKED_BOX : EMPTY_BOX;
  const checkbox = box.control?.getElementsByTagNameNS(W14, 'checkbox')[0];
  if (checkbox) {
    const checked = checkbox.getElementsByTagNameNS(W14, 'checked')[0];
    if (checked) checked.setAttributeNS(W14, 'w14:val', marked ? '1' : '0');
    else {
      const created = checkbox.ownerDocument!.createElementNS(W14, 'w14:checked');
      created.setAttributeNS(W14, 'w14:val', marked ? '1' : '0');
      checkbox.insertBefore(created, checkbox.firstChild);
    }
    const state = checkbox.getElementsByTagNameNS(W14, marked ? 'checkedState' : 'uncheckedState')[0];
    const code = Number.parseInt(state?.getAttributeNS(W14, 'val') ?? '', 16);
    if (Number.isFinite(code) && code > 0) glyph = String.fromCodePoint(code);
  }
  box.text.textContent = content.slice(0, box.at) + glyph + content.slice(box.at + 1);
}

/**
 * Marks the box the value chooses among the place's options. False when the place has no boxes or
 * the value names none of them; the value's words beyond the option's label are added after.
 */
function markBox(paragraphs: Element[], value: string): boolean {
  const options = checkboxOptions(withoutAnswerLabel(paragraphs.map(paragraphText).join('\n')));
  if (!options.length) return false;
  const chosen = chosenOption(options, value);
  const boxes = boxesIn(paragraphs);
  if (chosen < 0 || boxes.length !== options.length) return false;
  boxes.forEach((box, i) => {
    setBox(box, i === chosen);
  });
  if (!onlyChooses(options[chosen].label, value)) addAfter(paragraphs.at(-1)!, value);
  return true;
}

/** What a run's content adds to the paragraph's text (paragraphText's count): text, tabs and breaks. */
const contentLength = (element: Element) =>
  element.localName === 't'
    ? (element.textContent ?? '').length
    : ['tab', 'br', 'cr'].includes(element.localName ?? '')
      ? 1
      : 0;

/**
 * The answer typed after a label ("Answer: We encrypt…") is replaced by the new one, in the old
 * answer's run properties; the label's runs and formatting are kept as they are.
 */
function replaceAfterLabel(paragraph: Element, labelEnd: number, value: string) {
  let offset = 0;
  let anchor: Element | undefined;
  let props: Element | undefined;
  const deleted = (run: Element) => {
    for (
      let up = run.parentNode as Element | null;
      up && up !== paragraph;
      up = up.parentNode as Element | null
    )
      if (up.localName === 'del') return true;
    return false;
  };
  for (const run of Array.from(paragraph.getElementsByTagNameNS(W, 'r'))) {
    if (deleted(run)) continue;
    let kept = false;
    let removed = false;
    for (const c of childElements(run)) {
      const length = contentLength(c);
      if (!length) continue;
      const start = offset;
      offset += length;
      if (start >= labelEnd) {
        props ??= named(run, 'rPr')?.cloneNode(true) as Element | undefined;
        run.removeChild(c);
        removed = true;
      } else if (offset > labelEnd) {
        props ??= named(run, 'rPr')?.cloneNode(true) as Element | undefined;
        c.textContent = (c.textContent ?? '').slice(0, labelEnd - start);
        kept = true;
      } else kept = true;
    }
    if (kept) anchor = run;
    else if (removed) run.parentNode?.removeChild(run);
  }
  const [first, ...rest] = value.split('\n');
  const doc = paragraph.ownerDocument!;
  const answer = runOf(doc, first, props);
  if (anchor?.parentNode) anchor.parentNode.insertBefore(answer, anchor.nextSibling);
  else paragraph.appendChild(answer);
  insertAfter(paragraph, paragraphsFor(doc, rest, paragraph, props));
}

function writeParagraph(paragraph: Element, value: string) {
  if (markBox([paragraph], value)) return;
  const text = paragraphText(paragraph);
  if (EMPTY_PLACE.test(text)) fillParagraph(paragraph, value);
  else if (EMPTY_PLACE.test(withoutAnswerLabel(text))) {
    // A label with a line to write on ("Response: ____") loses the line, keeps the label.
    if (withoutAnswerLabel(text).trim()) {
      for (const t of Array.from(paragraph.getElementsByTagNameNS(W, 't')))
        t.textContent = (t.textContent ?? '').replace(/[_…]+|\.{2,}/g, '');
    }
    fillAfterLabel(paragraph, value);
  } else if (answerLabelLength(text)) replaceAfterLabel(paragraph, answerLabelLength(text), value);
  else addAfter(paragraph, value);
}

export async function writeDocument(original: Uint8Array, writes: NodeWrite[]): Promise<Uint8Array> {
  const files = await unzipChecked(original, 'docx');
  // Write-back edits the document in place, so it reads it as a DOM (the reader's tree is read-only).
  const document = new DOMParser().parseFromString(strFromU8(files['word/document.xml']), 'text/xml');
  const body = document.getElementsByTagNameNS(W, 'body')[0];
  if (!body) throw new Error('word/document.xml has no body');
  const nodes = new Map<string, Visit<Element>>();
  walkBody(body, (v) => nodes.set(v.id, v));
  // Insertions after a paragraph do not move the elements other writes address (they were found first).
  for (const write of writes) {
    const node = nodes.get(write.nodeId);
    if (!node) continue;
    if (node.kind === 'paragraph') writeParagraph(node.element, write.value);
    else if (node.kind === 'cell') {
      const paragraphs = cellParagraphs(node.element);
      if (markBox(paragraphs, write.value)) continue;
      const last = paragraphs.at(-1);
      if (write.mode === 'CELL' || !last) fillCell(node.element, write.value);
      else addAfter(last, write.value);
    }
  }
  files['word/document.xml'] = strToU8(new XMLSerializer().serializeToString(document));
  return zipSync(files, { level: 6 });
}
