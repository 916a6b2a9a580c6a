/**
 * `npm run team-sso -- --stage <stage> --table <TableName> --owner <team member's e-mail>
 *   --provider <providerName> [--alias <alias>]… [--domain <domain>]…`
 *
 * Links a customer's team to its single sign-on provider (docs/deploy.md §7): the team's provider and
 * one look-up item per alias (`/login/<alias>`) and per e-mail domain, written by the registration
 * group's own saveTeamSso in one transaction (an alias or domain another team uses is refused; saving
 * the same settings again changes nothing). The team is the one of the registered user `--owner`.
 * The provider must be one of the stage's `ssoProviders` (lib/config/stages.ts), which is what the
 * hosted UI can hand over to. Uses the caller's AWS credentials against the stage's table
 * (region ap-southeast-2 unless AWS_REGION says otherwise).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadStageConfig, REGION } from '../lib/config/stages';

export interface TeamSsoOptions {
  /** The stage's DynamoDB table (the TableName stack output). */
  table: string;
  /** A registered member of the customer's team (its first administrator, usually). */
  owner: string;
  providerName: string;
  aliases: string[];
  domains: string[];
  /** The provider names the stage has; the provider must be one of them. */
  knownProviders: readonly string[];
}

export interface TeamSsoResult {
  teamId: string;
  providerName: string;
  aliases: string[];
  domains: string[];
}

const DOMAIN = /^[a-z0-9.-]+\.[a-z]{2,}$/;

/** Writes the team's single sign-on settings; throws an Error whose message says what is wrong. */
export async function linkTeamSso(options: TeamSsoOptions): Promise<TeamSsoResult> {
  if (!options.knownProviders.includes(options.providerName)) {
    throw new Error(
      `The stage has no identity provider "${options.providerName}" (it has: ${options.knownProviders.join(', ') || 'none'}); ` +
        'add it to ssoProviders in lib/config/stages.ts and deploy first',
    );
  }
  const aliases = [...new Set(options.aliases.map((a) => a.trim().toLowerCase()))];
  const domains = [...new Set(options.domains.map((d) => d.trim().toLowerCase()))];
  if (!aliases.length && !domains.length) throw new Error('Give at least one --alias or --domain');
  const badAlias = aliases.find((a) => !a || a.length > 128 || a.includes('/'));
  if (badAlias !== undefined) throw new Error(`"${badAlias}" is not an alias (1-128 characters, no "/")`);
  const badDomain = domains.find((d) => d.length > 253 || !DOMAIN.test(d));
  if (badDomain !== undefined) throw new Error(`"${badDomain}" is not an e-mail domain`);

  process.env.TABLE_NAME = options.table;
  process.env.AWS_REGION ??= REGION;
  // After the environment is set: the table name and region are read from it.
  const { registeredUsersByEmail, saveTeamSso } = await import('../functions/registration/seed');
  const teams = [
    ...new Set(
      (await registeredUsersByEmail(options.owner.trim().toLowerCase())).flatMap((u) =>
        u.teamId ? [u.teamId] : [],
      ),
    ),
  ];
  if (teams.length === 0) {
    throw new Error(`${options.owner} is not a registered member of a team in ${options.table}`);
  }
  if (teams.length > 1)
    throw new Error(`${options.owner} is registered in more than one team: ${teams.join(', ')}`);
  const [teamId] = teams;
  await saveTeamSso(teamId, options.providerName, { aliases, domains });
  return { teamId, providerName: options.providerName, aliases, domains };
}

const USAGE =
  'usage: npm run team-sso -- --stage <dev|prod> --table <TableName output> --owner <member e-mail> ' +
  '--provider <providerName> [--alias <alias>]... [--domain <domain>]...';

export async function main(argv: string[]): Promise<number> {
  let values: {
    stage?: string;
    table?: string;
    owner?: string;
    provider?: string;
    alias?: string[];
    domain?: string[];
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        stage: { type: 'string' },
        table: { type: 'string' },
        owner: { type: 'string' },
        provider: { type: 'string' },
        alias: { type: 'string', multiple: true },
        domain: { type: 'string', multiple: true },
      },
      allowPositionals: false,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const missing = (['stage', 'table', 'owner', 'provider'] as const).filter((name) => !values[name]);
  if (missing.length) {
    console.error(`missing ${missing.map((m) => `--${m}`).join(', ')}\n${USAGE}`);
    return 2;
  }
  try {
    const stage = loadStageConfig(values.stage!);
    const result = await linkTeamSso({
      table: values.table!,
      owner: values.owner!,
      providerName: values.provider!,
      aliases: values.alias ?? [],
      domains: values.domain ?? [],
      knownProviders: stage.ssoProviders.map((p) => p.providerName),
    });
    console.log(
      `Team ${result.teamId} signs in through ${result.providerName}: ` +
        [...result.aliases.map((a) => `/login/${a}`), ...result.domains.map((d) => `@${d}`)].join(', '),
    );
    return 0;
  } catch (error) {
    console.error(`team-sso: ${(error as Error).message}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
