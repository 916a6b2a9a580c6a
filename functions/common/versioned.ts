/**
 * The optimistic lock every resource two people can edit uses (profiles, projects, questions):
 * each write adds 1 to `version`, and a write that names the version it started from is made on
 * condition that the stored one is still that; otherwise it is refused with 409 and nothing is
 * overwritten. A repository passes its ElectroDB `where` through `sameVersion` and runs the write
 * through `lockedWrite`.
 */
import { ConflictError, isConditionFailure } from './errors';

type Eq = (attribute: never, value: number) => string;

/** The condition fragment for `expected` ('' when the caller did not name a version). */
export const sameVersion = (version: unknown, eq: Eq, expected: number | undefined) =>
  expected === undefined ? '' : eq(version as never, expected);

/** Runs a conditional write; a failed condition answers 409 (someone else saved first). */
export async function lockedWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError();
    throw error;
  }
}
