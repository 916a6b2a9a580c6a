/**
 * A new Word version starts from its detection, with the previous document's hand-made annotations
 * carried over where they still apply (issue 27 part 1): a question the user linked by hand, one
 * they left out by hand, and answer places (or other parts) they chose by hand. Old and new
 * questions meet by wording (match.ts: the same wording, then the most similar); a hand-chosen part
 * goes to the node at the same distance from the new question, when that node is of the same kind.
 * Node ids themselves never carry over: they count paragraphs and tables, which a new file shifts.
 */
import type { Annotation, DocumentContent, DocumentNode } from '../../../shared/schemas/source';
import { annotation } from '../../common/formats/detect-document';
import { documentOutline } from '../../common/formats/document-outline';
import { matchVersions, normaliseWording } from './match';

export interface DocumentAnnotations {
  content: DocumentContent;
  /** What was saved (the user's). */
  annotations: Annotation[];
  /** What detection proposed for it. */
  suggestion: Annotation[];
}

const partsKey = (annotations: Annotation[], question: string) =>
  annotations
    .filter((a) => a.parentNodeId === question)
    .map((a) => `${a.annotationType}:${a.nodeId}`)
    .sort()
    .join(' ');

export function carryAnnotations(previous: DocumentAnnotations, next: DocumentAnnotations): Annotation[] {
  const questionsOf = (list: Annotation[]) =>
    new Set(list.filter((a) => a.annotationType === 'QUESTION').map((a) => a.nodeId));
  const saved = questionsOf(previous.annotations);
  const proposed = questionsOf(previous.suggestion);
  // The hand-made: linked by hand, left out by hand, or linked with parts other than detection's.
  const unlinked = [...proposed].filter((id) => !saved.has(id));
  const handled = [...saved].filter(
    (id) => !proposed.has(id) || partsKey(previous.annotations, id) !== partsKey(previous.suggestion, id),
  );
  if (!unlinked.length && !handled.length) return next.suggestion;

  const previousOutline = documentOutline(previous.content.nodes);
  const nextOutline = documentOutline(next.content.nodes);
  const previousIndex = new Map(previous.content.nodes.map((n, i) => [n.nodeId, i]));
  const nextIndex = new Map(next.content.nodes.map((n, i) => [n.nodeId, i]));
  const wording = (outline: typeof previousOutline, node: DocumentNode) =>
    outline.get(node.nodeId)?.text ?? node.text;
  const order = (ids: string[]) =>
    ids.sort((a, b) => (previousIndex.get(a) ?? 0) - (previousIndex.get(b) ?? 0));
  const matching = matchVersions(
    order([...unlinked, ...handled]).flatMap((id) => {
      const node = previous.content.nodes[previousIndex.get(id) ?? -1];
      return node ? [{ id, question: wording(previousOutline, node), referenceNumber: undefined }] : [];
    }),
    next.content.nodes
      .filter((n) => (n.kind === 'paragraph' || n.kind === 'cell') && normaliseWording(n.text))
      .map((n) => ({ key: n.nodeId, question: wording(nextOutline, n) })),
  );
  const target = new Map(matching.matches.map((m) => [m.id, m.key]));

  let result = [...next.suggestion];
  const drop = (question: string) => {
    result = result.filter((a) => a.nodeId !== question && a.parentNodeId !== question);
  };
  for (const id of unlinked) {
    const to = target.get(id);
    if (to) drop(to);
  }
  for (const id of handled) {
    const to = target.get(id);
    const at = to === undefined ? undefined : nextIndex.get(to);
    if (to === undefined || at === undefined) continue;
    const detected = result.filter((a) => a.parentNodeId === to);
    drop(to);
    result.push(annotation(next.content.nodes[at], 'QUESTION'));
    const from = previousIndex.get(id) ?? 0;
    const carried = new Set<Annotation['annotationType']>();
    for (const part of previous.annotations.filter((a) => a.parentNodeId === id)) {
      const before = previous.content.nodes[previousIndex.get(part.nodeId) ?? -1];
      const node = next.content.nodes[at + ((previousIndex.get(part.nodeId) ?? 0) - from)];
      if (!before || !node || node.kind !== before.kind || node.nodeId === to) continue;
      // Parts that are text of the form (a reference, information) must read the same.
      const sameText = normaliseWording(node.text) === normaliseWording(before.text);
      if ((part.annotationType === 'REFERENCE' || part.annotationType === 'INFORMATION') && !sameText)
        continue;
      // A node another question stands on stays that question.
      if (result.some((a) => a.nodeId === node.nodeId && a.annotationType === 'QUESTION')) continue;
      result = result.filter((a) => a.nodeId !== node.nodeId);
      result.push(annotation(node, part.annotationType, to));
      carried.add(part.annotationType);
    }
    // Where a hand-chosen part has no counterpart in the new file, detection's stays.
    for (const part of detected) {
      if (!carried.has(part.annotationType) && !result.some((a) => a.nodeId === part.nodeId))
        result.push(part);
    }
  }
  return result.sort((a, b) => (nextIndex.get(a.nodeId) ?? 0) - (nextIndex.get(b.nodeId) ?? 0));
}
