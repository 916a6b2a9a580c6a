/**
 * The floor the imports and new-version benches compare with: question-sized items written raw to
 * the table, 25 a BatchWriteItem, 4 requests in flight (as the import writes them). Marked as
 * another entity, so the stream's reactions pass over them and add no load to what follows.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';

export interface FloorQuestion {
  question: string;
  referenceNumber?: string;
}

/** Writes one item per question into a project of its own; answers the milliseconds it took. */
export async function rawQuestionWrites(table: string, teamId: string, questions: FloorQuestion[]) {
  const { documentClient } = await import('../../functions/common/db');
  const { db, newQuestionId } = await import('../../functions/common/entities');
  const at = Date.now();
  const items = questions.map(({ question, referenceNumber }, i) => {
    const { Item } = db()
      .entities.question.put({
        teamId,
        projectId: `bench-floor-${at}`,
        questionId: newQuestionId(at, i),
        question,
        referenceNumber,
        sectionDescription: 'Bench section',
        creationType: 'IMPORTED',
        projectSourceId: 'bench-floor-source',
        sourceKey: `bench-floor-sheet:${i}`,
      })
      .params() as { Item: Record<string, unknown> };
    return { ...Item, __edb_e__: 'benchFloor' };
  });
  const started = performance.now();
  const batches: Array<Record<string, unknown>[]> = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      let pending = batches[next++].map((Item) => ({ PutRequest: { Item } }));
      while (pending.length) {
        const { UnprocessedItems } = await documentClient.send(
          new BatchWriteCommand({ RequestItems: { [table]: pending } }),
        );
        pending = (UnprocessedItems?.[table] ?? []) as typeof pending;
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return performance.now() - started;
}
