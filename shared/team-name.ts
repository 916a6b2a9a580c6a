/**
 * The suggested name for a new team (spec 000 §9): "Team <Domain>" from the e-mail's domain in
 * start case, or "<full name>'s team" for gmail, hotmail and yahoo addresses or when no domain
 * can be derived.
 */
const PERSONAL_DOMAINS = new Set(['gmail', 'hotmail', 'yahoo']);

const startCase = (value: string) =>
  value
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');

export function suggestTeamName(emailAddress: string, fullName: string): string {
  const host = emailAddress.trim().toLowerCase().split('@')[1] ?? '';
  const domain = host.split('.')[0] ?? '';
  if (!domain || PERSONAL_DOMAINS.has(domain)) return `${fullName.trim()}'s team`;
  return `Team ${startCase(domain)}`;
}
