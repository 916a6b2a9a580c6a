/**
 * Write-back into a copy of the customer's Word file: only word/document.xml changes. CELL writes
 * replace a table cell's text in its first paragraph (its paragraph and run styling kept); AFTER
 * writes add paragraphs (one per line) right after the addressed paragraph (or after the last paragraph of the
 * addressed cell) in that paragraph's style, without its list numbering. Node ids are found by the
 * same body walk the reader used (docx-walk.ts). Every other part keeps its bytes.
 */
import type { Element } from '@xmldom/xmldom';
import { XMLSerializer } from '@xmldom/xmldom';
import { strFromU8, strToU8, zipSync } from 'fflate';
import { cellParagraphs, childElements, parseDocumentXml, type Visit, W, walkBody } from './docx-walk';
import type { NodeWrite } from './types';
import { unzipChecked } from './zip-guard';

const named = (element: Element, name: string) =>
  childElements(element).find((c) => c.namespaceURI === W && c.localName === name);

/** One paragraph per line of `value`, each styled like the model paragraph (its list numbering dropped). */
function paragraphsFor(doc: NonNullable<Element['ownerDocument']>, value: string, model?: Element) {
  const props = model ? named(model, 'pPr') : undefined;
  const runProps = model ? firstRunProps(model) : undefined;
  return value.split('\n').map((line) => {
    const paragraph = doc.createElementNS(W, 'w:p');
    if (props) {
      const copy = props.cloneNode(true) as Element;
      const numbering = named(copy, 'numPr');
      if (numbering) copy.removeChild(numbering);
      paragraph.appendChild(copy);
    }
    const run = doc.createElementNS(W, 'w:r');
    if (runProps) run.appendChild(runProps.cloneNode(true));
    const t = doc.createElementNS(W, 'w:t');
    t.setAttribute('xml:space', 'preserve');
    t.appendChild(doc.createTextNode(line));
    run.appendChild(t);
    paragraph.appendChild(run);
    return paragraph;
  });
}

const firstRunProps = (paragraph: Element) => {
  const run = childElements(paragraph).find((c) => c.namespaceURI === W && c.localName === 'r');
  return run ? named(run, 'rPr') : undefined;
};

/** The cell's paragraphs are replaced by the answer's, in the style of its first paragraph. */
function fillCell(cell: Element, value: string) {
  const doc = cell.ownerDocument!;
  const existing = cellParagraphs(cell);
  const replacement = paragraphsFor(doc, value, existing[0]);
  const anchor = existing[0] ?? null;
  for (const p of replacement) cell.insertBefore(p, anchor);
  for (const old of existing) old.parentNode?.removeChild(old);
}

function addAfter(anchor: Element, value: string) {
  const next = anchor.nextSibling;
  for (const p of paragraphsFor(anchor.ownerDocument!, value, anchor))
    anchor.parentNode?.insertBefore(p, next);
}

export async function writeDocument(original: Uint8Array, writes: NodeWrite[]): Promise<Uint8Array> {
  const files = await unzipChecked(original, 'docx');
  const { document, body } = parseDocumentXml(strFromU8(files['word/document.xml']));
  const nodes = new Map<string, Visit>();
  walkBody(body, (v) => nodes.set(v.id, v));
  // Insertions after a paragraph do not move the elements other writes address (they were found first).
  for (const write of writes) {
    const node = nodes.get(write.nodeId);
    if (!node) continue;
    if (write.mode === 'CELL' && node.kind === 'cell') fillCell(node.element, write.value);
    else if (node.kind === 'paragraph') addAfter(node.element, write.value);
    else if (node.kind === 'cell') {
      const last = cellParagraphs(node.element).at(-1);
      if (last) addAfter(last, write.value);
      else fillCell(node.element, write.value);
    }
  }
  files['word/document.xml'] = strToU8(new XMLSerializer().serializeToString(document));
  return zipSync(files, { level: 6 });
}
