/**
 * A duplicate group with a conflict, for the sweeps and tests that use one up (a merge, a mark, a
 * resolve each remove it): two library answers to one question, one compliant and one not, and
 * the group written as the health job writes it (the job finds the same group, by the same id).
 */
import { randomUUID } from 'node:crypto';
import { idOf } from '../../functions/library/health/detect';
import { putGroup } from '../../functions/library/health/repo';
import type { ApiClient } from './api-client';

export interface FreshHealthGroup {
  healthGroupId: string;
  conflictId: string;
  answerIds: [string, string];
}

export async function freshHealthGroup(
  as: ReturnType<ApiClient['as']>,
  teamId: string,
): Promise<FreshHealthGroup> {
  const marker = randomUUID().slice(0, 8);
  const question = `Is multi-factor authentication enforced for the ${marker} administrators?`;
  const added = await as.call('importAnswers', {
    body: {
      items: [
        {
          question,
          answer: `Yes: MFA is enforced for all ${marker} administrators.`,
          responseClassification: 'COMPLIANT',
        },
        {
          question: `Do the ${marker} administrators have to use multi-factor authentication?`,
          answer: `No: the ${marker} administrators sign in with a password.`,
          responseClassification: 'NON-COMPLIANT',
        },
      ],
    },
  });
  if (added.status !== 200) throw new Error(`importAnswers answered ${added.status}`);
  const answerIds = added.body.data.answerIds as [string, string];
  const healthGroupId = idOf('G', answerIds);
  const conflictId = idOf('C', answerIds);
  await putGroup({
    teamId,
    groupId: healthGroupId,
    answerIds,
    similarity: 0.8,
    conflicts: [{ conflictId, a: answerIds[0], b: answerIds[1], kind: 'COMPLIANCE' }],
  });
  return { healthGroupId, conflictId, answerIds };
}
