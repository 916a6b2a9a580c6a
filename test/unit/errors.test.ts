import { describe, expect, it } from 'vitest';
import { ConflictError, isConditionFailure } from '../../functions/common/errors';

describe('errors', () => {
  it('keep their cause', () => {
    const cause = new Error('ConditionalCheckFailed');
    const error = new ConflictError('That person has already been invited to your team', { cause });
    expect(error.cause).toBe(cause);
    expect(error.statusCode).toBe(409);
  });

  it('recognise a failed write condition however it is wrapped, and nothing else', () => {
    const sdk = Object.assign(new Error('The conditional request failed'), {
      name: 'ConditionalCheckFailedException',
    });
    const wrapped = Object.assign(new Error('Error thrown by DynamoDB client'), { cause: sdk });
    const deeper = Object.assign(new Error('outer'), { cause: wrapped });
    expect(isConditionFailure(sdk)).toBe(true);
    expect(isConditionFailure(wrapped)).toBe(true);
    expect(isConditionFailure(deeper)).toBe(true);
    expect(isConditionFailure(new Error('ProvisionedThroughputExceededException'))).toBe(false);
    expect(isConditionFailure(undefined)).toBe(false);
  });
});
