import type { DocumentNode } from '@shared/schemas/source';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findAncestor,
  indexNodes,
  isQuestion,
  link,
  markQuestion,
  questionsOf,
  removeQuestion,
} from './annotation-draft';

/** Two paragraphs, and a Question | Answer | Compliance table of a header and three rows. */
const nodes: DocumentNode[] = [
  { nodeId: 'p0', kind: 'paragraph', text: 'Do you encrypt data at rest?' },
  { nodeId: 'p1', kind: 'paragraph', text: '' },
  { nodeId: 't0', kind: 'table', text: '' },
  ...[0, 1, 2, 3].flatMap((r): DocumentNode[] => [
    { nodeId: `t0.r${r}`, kind: 'row', text: '', parentNodeId: 't0' },
    ...[1, 2, 3].map(
      (c): DocumentNode => ({
        nodeId: `t0.r${r}.c${c - 1}`,
        kind: 'cell',
        text: r === 0 ? ['Question', 'Answer', 'Compliance'][c - 1] : c === 1 ? `Control question ${r}?` : '',
        parentNodeId: `t0.r${r}`,
        rowNodeId: `t0.r${r}`,
        columnNumber: c,
      }),
    ),
  ]),
  { nodeId: 't1', kind: 'table', text: '' },
  ...[0, 1].flatMap((r): DocumentNode[] => [
    { nodeId: `t1.r${r}`, kind: 'row', text: '', parentNodeId: 't1' },
    ...[1, 2, 3].map(
      (c): DocumentNode => ({
        nodeId: `t1.r${r}.c${c - 1}`,
        kind: 'cell',
        text:
          r === 0 ? ['Question', 'Answer', 'Compliance'][c - 1] : c === 1 ? 'Another table question?' : '',
        parentNodeId: `t1.r${r}`,
        rowNodeId: `t1.r${r}`,
        columnNumber: c,
      }),
    ),
  ]),
];
const index = indexNodes(nodes);
const FILL = { documentTableFillEnabled: true, tableFillEnabled: false };

describe('annotation rules', () => {
  it('marks a paragraph as a question and links its answer, a new link replacing the old', () => {
    let a = markQuestion([], 'p0', index, FILL);
    expect(questionsOf(a).map((q) => q.question.nodeId)).toEqual(['p0']);
    a = link(a, 'p0', 'A', 'p1', index, FILL);
    a = link(a, 'p0', 'A', 't0.r1.c1', index, FILL);
    expect(a.filter((x) => x.annotationType === 'ANSWER').map((x) => x.nodeId)).toEqual(['t0.r1.c1']);
    expect(removeQuestion(a, 'p0')).toEqual([]);
  });

  it('applies a question in a table to its column, and links along the row to every row', () => {
    let a = markQuestion([], 't0.r1.c0', index, FILL);
    expect(a.map((x) => x.nodeId)).toEqual(['t0.r1.c0', 't0.r2.c0', 't0.r3.c0']);
    a = link(a, 't0.r1.c0', 'A', 't0.r1.c1', index, FILL);
    a = link(a, 't0.r1.c0', 'C', 't0.r1.c2', index, FILL);
    for (const r of [1, 2, 3]) {
      const links = a
        .filter((x) => x.parentNodeId === `t0.r${r}.c0`)
        .map((x) => [x.annotationType, x.nodeId]);
      expect(links).toEqual([
        ['ANSWER', `t0.r${r}.c1`],
        ['COMPLIANCE', `t0.r${r}.c2`],
      ]);
    }
    // With autocomplete, matching tables elsewhere get the same.
    const auto = markQuestion([], 't0.r1.c0', index, { ...FILL, tableFillEnabled: true });
    expect(auto.map((x) => x.nodeId)).toContain('t1.r1.c0');
    // Without table fill, only the cell.
    expect(
      markQuestion([], 't0.r1.c0', index, { documentTableFillEnabled: false, tableFillEnabled: false }),
    ).toHaveLength(1);
  });

  it('looks at most six levels up for a node', () => {
    type El = { id?: string; parentElement: El | null };
    const chain = (depth: number): El => {
      let el: El = { id: 'node', parentElement: null };
      for (let i = 0; i < depth; i++) el = { parentElement: el };
      return el;
    };
    expect(findAncestor(chain(6), (e) => e.id === 'node')?.id).toBe('node');
    expect(findAncestor(chain(7), (e) => e.id === 'node')).toBeNull();
  });

  it('keeps every link attached to a question and never duplicates one (property)', () => {
    const ids = nodes.filter((n) => n.kind !== 'table' && n.kind !== 'row').map((n) => n.nodeId);
    const op = fc.oneof(
      fc.record({ kind: fc.constant('mark' as const), id: fc.constantFrom(...ids) }),
      fc.record({ kind: fc.constant('remove' as const), id: fc.constantFrom(...ids) }),
      fc.record({
        kind: fc.constant('link' as const),
        id: fc.constantFrom(...ids),
        target: fc.constantFrom(...ids),
        marker: fc.constantFrom('A' as const, 'C' as const, 'I' as const, 'R' as const),
      }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 25 }), fc.boolean(), fc.boolean(), (ops, fill, auto) => {
        const configuration = { documentTableFillEnabled: fill, tableFillEnabled: auto };
        let a = markQuestion([], 'p0', index, configuration);
        for (const o of ops) {
          if (o.kind === 'mark') a = markQuestion(a, o.id, index, configuration);
          else if (o.kind === 'remove') a = removeQuestion(a, o.id);
          else a = link(a, o.id, o.marker, o.target, index, configuration);
        }
        for (const x of a) if (x.parentNodeId) expect(isQuestion(a, x.parentNodeId)).toBe(true);
        const keys = a.map((x) => `${x.nodeId}/${x.annotationType}/${x.parentNodeId ?? ''}`);
        expect(new Set(keys).size).toBe(keys.length);
        const perType = a.filter((x) => x.parentNodeId).map((x) => `${x.parentNodeId}/${x.annotationType}`);
        expect(new Set(perType).size).toBe(perType.length);
      }),
      { numRuns: 300 },
    );
  });
});
