/**
 * The pool identity of a seeded person (the demo user, the demo members), made so that any start
 * heals what an earlier one left half done instead of duplicating it: an identity the pool has lost
 * is made again with the `sub` of the user record the table still holds for its e-mail (so the
 * record, its team and everything it owns are that identity's again); one left unconfirmed is
 * confirmed; one the table knows under another `sub` is re-made with the table's. What cannot be
 * healed (two records for one e-mail) is named, as a SeedInconsistency. Runs with the handlers'
 * environment set.
 */
import {
  AdminConfirmSignUpCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  type AdminGetUserCommandOutput,
  type CognitoIdentityProviderClient,
  SignUpCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';

/** Something in the local data a start cannot heal; the stack reports it with how to reset. */
export class SeedInconsistency extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SeedInconsistency';
  }
}

export interface SeedPerson {
  email: string;
  password: string;
}

const subOf = (user: AdminGetUserCommandOutput) => user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;

/** The pool's `sub` for the person, made (or re-linked to their user record) when missing. */
export async function ensureSeedIdentity(
  cognito: CognitoIdentityProviderClient,
  poolId: string,
  clientId: string,
  person: SeedPerson,
): Promise<string> {
  const { registeredUsersByEmail } = await import('../../functions/registration/seed');
  const getUser = () =>
    cognito.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: person.email })).catch((error) => {
      if (error instanceof UserNotFoundException || (error as Error).name === 'UserNotFoundException')
        return undefined;
      throw error;
    });
  const [pooled, records] = await Promise.all([getUser(), registeredUsersByEmail(person.email)]);
  if (records.length > 1)
    throw new SeedInconsistency(
      `${person.email} has ${records.length} user records in the table (${records.map((r) => r.userId).join(', ')}), one from each time its pool identity was made anew`,
    );
  const recordSub = records[0]?.userId;
  const pooledSub = pooled && subOf(pooled);
  if (pooled && pooledSub && (!recordSub || recordSub === pooledSub)) {
    // Signed up, then stopped before the confirmation: confirmed now.
    if (pooled.UserStatus === 'UNCONFIRMED')
      await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: poolId, Username: person.email }));
    return pooledSub;
  }
  // The pool knows the person under another sub than their user record: nothing in the table is
  // that identity's, so it is made again with the record's.
  if (pooled) await cognito.send(new AdminDeleteUserCommand({ UserPoolId: poolId, Username: person.email }));
  await cognito.send(
    new SignUpCommand({
      ClientId: clientId,
      Username: person.email,
      Password: person.password,
      // The local pool (cognito-local) takes the sub it is given, so a lost identity is re-linked
      // to its user record and team; Cognito itself never would, and this runs locally only.
      UserAttributes: recordSub ? [{ Name: 'sub', Value: recordSub }] : undefined,
    }),
  );
  await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: poolId, Username: person.email }));
  const made = await getUser();
  const sub = made && subOf(made);
  if (!sub || (recordSub && sub !== recordSub))
    throw new Error(`The local user pool did not keep the sub of ${person.email} (${recordSub} → ${sub})`);
  return sub;
}
