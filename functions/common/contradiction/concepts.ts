/**
 * The data the contradiction detector reads: security concepts (each a label, the terms that name
 * it, and optionally terms that must also be in the clause or that hand the clause to a narrower
 * concept) and the words that carry a clause's polarity. Terms are lower-case word prefixes
 * matched on word boundaries ("encrypt" matches "encrypted", "encryption").
 */

export interface ConceptData {
  id: string;
  label: string;
  /** Any of these names the concept. */
  terms: string[];
  /** When present, one of these must also be in the clause (e.g. "at rest" for encryption at rest). */
  with?: string[];
  /** A clause holding any of these belongs to a narrower concept, not this one. */
  without?: string[];
}

const MFA = [
  'mfa',
  '2fa',
  '2-factor',
  'two-factor',
  'two factor',
  'multi-factor',
  'multi factor',
  'multifactor',
  'second factor',
  'one-time code',
  'authenticator app',
  'hardware key',
  'security key',
];
const BACKUP = ['backup', 'back up', 'backed up', 'backing up', 'back-up'];
const TESTED = ['test', 'untested', 'restor', 'recover', 'drill'];
const OFFSITE = [
  'off-site',
  'offsite',
  'separate',
  'another region',
  'different region',
  'second region',
  'secondary region',
  'geographically',
];
const ENCRYPT = ['encrypt', 'unencrypted', 'plaintext', 'plain text', 'cleartext', 'clear text', 'aes'];
const AT_REST = ['at rest', 'on disk', 'disk', 'database', 'storage', 'stored', 'laptop', 'devices'];
const IN_TRANSIT = ['in transit', 'tls', 'https', 'ssl', 'over the network', 'over public networks'];

export const CONCEPTS: ConceptData[] = [
  { id: 'mfa', label: 'Multi-factor authentication', terms: MFA },
  { id: 'sso', label: 'Single sign-on', terms: ['single sign-on', 'single sign on', 'sso', 'saml'] },
  {
    id: 'encryption-at-rest',
    label: 'Encryption at rest',
    terms: ENCRYPT,
    with: AT_REST,
    without: ['encryption key', 'keys are', 'key management', 'backup', 'password'],
  },
  {
    id: 'encryption-in-transit',
    label: 'Encryption in transit',
    terms: [...ENCRYPT, 'tls', 'https'],
    with: IN_TRANSIT,
    without: ['1.0', '1.1', 'older', 'weak', 'deprecated', 'encryption key'],
  },
  { id: 'backup-testing', label: 'Backup restore testing', terms: BACKUP, with: TESTED },
  { id: 'backup-offsite', label: 'Off-site backups', terms: BACKUP, with: OFFSITE, without: TESTED },
  {
    id: 'backup-encryption',
    label: 'Backup encryption',
    terms: BACKUP,
    with: ['encrypt', 'unencrypted'],
    without: [...TESTED, ...OFFSITE],
  },
  {
    id: 'backups',
    label: 'Backups',
    terms: BACKUP,
    without: [
      ...TESTED,
      ...OFFSITE,
      'encrypt',
      'unencrypted',
      'retain',
      'retention',
      'kept',
      'days',
      'access',
      'stored',
      'store',
      'immutable',
      'delet',
      'location',
      'region',
      'site',
      'copies',
    ],
  },
  {
    id: 'penetration-testing',
    label: 'Penetration testing',
    terms: ['penetration test', 'pen test', 'pentest', 'pen-test', 'ethical hack'],
  },
  {
    id: 'vulnerability-scanning',
    label: 'Vulnerability scanning',
    terms: ['vulnerability scan', 'vulnerability-scan', 'scan for vulnerabilit', 'scanned for vulnerabilit'],
  },
  {
    id: 'background-checks',
    label: 'Background checks',
    terms: [
      'background check',
      'background-check',
      'background screening',
      'criminal record check',
      'pre-employment screening',
      'vetting',
    ],
  },
  {
    id: 'security-training',
    label: 'Security awareness training',
    terms: [
      'security training',
      'awareness training',
      'security awareness',
      'phishing training',
      'phishing simulation',
    ],
  },
  {
    id: 'incident-response-plan',
    label: 'Incident response plan',
    terms: [
      'incident response plan',
      'incident response policy',
      'incident response procedure',
      'incident management plan',
      'incident response process',
    ],
  },
  {
    id: 'soc2',
    label: 'SOC 2 report',
    terms: ['soc 2', 'soc2', 'soc ii'],
    without: [
      'aws',
      'azure',
      'google cloud',
      'gcp',
      'provider',
      'hosting',
      'data centre',
      'data center',
      'subprocessor',
      'vendor',
      'supplier',
    ],
  },
  {
    id: 'iso27001',
    label: 'ISO 27001 certification',
    terms: ['iso 27001', 'iso27001', 'iso/iec 27001', 'iso-27001'],
    without: [
      'aws',
      'azure',
      'google cloud',
      'gcp',
      'provider',
      'hosting',
      'data centre',
      'data center',
      'subprocessor',
      'vendor',
      'supplier',
    ],
  },
  {
    id: 'access-reviews',
    label: 'Access reviews',
    terms: [
      'access review',
      'review access',
      'review of access',
      'access rights review',
      'review user access',
      'reviewed access',
      'access is reviewed',
      'access rights are reviewed',
      'recertif',
    ],
  },
  {
    id: 'data-sale',
    label: 'Selling customer data',
    terms: ['sell', 'sold', 'selling'],
    with: ['data', 'information'],
  },
  {
    id: 'data-sharing',
    label: 'Sharing customer data with third parties',
    terms: ['share', 'shared', 'sharing', 'disclose', 'disclosed'],
    with: ['third part', 'third-part', 'advertis', 'marketing partner'],
    without: ['sell', 'sold', 'subprocessor', 'law', 'legal', 'court', 'subpoena'],
  },
  {
    id: 'logging',
    label: 'Audit logging',
    terms: ['audit log', 'access log', 'logging', 'logged', 'logs of', 'activity log', 'audit trail'],
    without: ['retain', 'retention', 'kept for', 'days', 'months'],
  },
  {
    id: 'code-review',
    label: 'Code review',
    terms: [
      'code review',
      'peer review',
      'reviewed by another',
      'pull request',
      'code is reviewed',
      'changes are reviewed',
      'second engineer',
    ],
  },
  {
    id: 'endpoint-protection',
    label: 'Endpoint protection',
    terms: [
      'antivirus',
      'anti-virus',
      'anti-malware',
      'antimalware',
      'endpoint protection',
      'endpoint detection',
      'edr',
      'malware protection',
    ],
  },
  {
    id: 'cyber-insurance',
    label: 'Cyber insurance',
    terms: ['cyber insurance', 'cyber liability', 'cyber-insurance', 'cybersecurity insurance'],
  },
  {
    id: 'bug-bounty',
    label: 'Bug bounty programme',
    terms: ['bug bounty', 'vulnerability disclosure program', 'vulnerability disclosure programme'],
  },
  {
    id: 'shared-accounts',
    label: 'Shared accounts',
    terms: ['shared account', 'shared login', 'shared credential', 'generic account', 'shared user'],
  },
  {
    id: 'password-policy',
    label: 'Password policy',
    terms: ['password policy', 'password complexity', 'password requirement', 'minimum password length'],
  },
  {
    id: 'risk-assessment',
    label: 'Risk assessment',
    terms: ['risk assessment', 'risk register'],
    without: ['vendor', 'supplier', 'third part', 'third-part'],
  },
  {
    id: 'vendor-assessment',
    label: 'Vendor security assessment',
    terms: ['vendor', 'supplier', 'third-party provider', 'subprocessor', 'sub-processor'],
    with: ['assess', 'review', 'due diligence', 'evaluat', 'vet'],
  },
  {
    id: 'business-continuity',
    label: 'Business continuity plan',
    terms: ['business continuity', 'disaster recovery plan', 'disaster recovery', 'bcp', 'drp'],
    without: TESTED,
  },
  {
    id: 'firewall',
    label: 'Firewalls',
    terms: ['firewall', 'waf', 'security group'],
  },
];

/**
 * Words and phrases whose presence flips a clause's polarity. Their count's parity decides it, so
 * a double negative ("not optional", "never stored unencrypted") reads as a positive claim.
 */
export const NEGATIONS = [
  'not',
  "n't",
  'no',
  'never',
  'without',
  'none',
  'nor',
  'neither',
  'lack',
  'lacks',
  'optional',
  'disabled',
  'disable',
  'turn off',
  'turned off',
  'switch off',
  'unencrypted',
  'plaintext',
  'plain text',
  'cleartext',
  'clear text',
  'untested',
  'voluntary',
  'opt-in',
  'nobody',
  'no one',
];

/** Words that make a clause a claim at all (with a negation, any clause is one). */
export const ASSERTIONS = [
  'is',
  'are',
  'was',
  'were',
  'has',
  'have',
  'had',
  'enforce',
  'require',
  'required',
  'mandatory',
  'must',
  'enabled',
  'encrypt',
  'tested',
  'test',
  'always',
  'use',
  'uses',
  'used',
  'perform',
  'performs',
  'conduct',
  'conducts',
  'maintain',
  'maintains',
  'run',
  'runs',
  'hold',
  'holds',
  'carry',
  'carries',
  'undergo',
  'undergoes',
  'sell',
  'share',
  'log',
  'logs',
  'back up',
  'protected',
  'in place',
  'implemented',
  'completed',
  'reviewed',
  'review',
  'take',
  'takes',
  'complete',
  'completes',
  'go through',
  'goes through',
  'assess',
  'assesses',
  'restrict',
  'restricts',
  'protect',
  'protects',
  'scan',
  'scans',
  'train',
  'trains',
];

/**
 * Words that make a clause too uncertain to contradict anything: plans, hedges, partial cover,
 * conditions. Precision first: such a clause is skipped.
 */
export const HEDGES = [
  'plan to',
  'plans to',
  'planned for',
  'planning to',
  'plan one',
  'scheduled',
  'yet',
  'rely',
  'relies',
  'depend',
  'depends',
  'needed',
  'need',
  'will',
  'intend',
  'roadmap',
  'working on',
  'working towards',
  'working toward',
  'in progress',
  'pilot',
  'evaluating',
  'considering',
  'some',
  'most',
  'partial',
  'partially',
  'where possible',
  'where supported',
  'where available',
  'if',
  'unless',
  'upon request',
  'on request',
  'recommend',
  'recommended',
  'encourage',
  'encouraged',
  'may',
  'might',
  'could',
  'can',
  'should',
  'aim',
  'expect',
  'target',
  'soon',
  'next year',
  'next quarter',
  'currently implementing',
  'being rolled out',
  'rolling out',
  'not yet',
  'yet to',
  'previously',
  'used to',
  'in the past',
  'ask',
];

/**
 * Scopes a claim can be limited to. Two claims contradict only when they cover the same scope:
 * "MFA is optional for customers" and "MFA is enforced for staff" can both be true.
 */
export const SCOPES: Array<{ id: string; terms: string[] }> = [
  { id: 'admin', terms: ['admin', 'administrat', 'privileged', 'root', 'production access', 'engineers'] },
  {
    id: 'customer',
    terms: [
      'customers',
      'customer account',
      'customer user',
      'customer login',
      'clients',
      'client account',
      'end user',
      'end-user',
      'tenants',
      'enterprise plan',
    ],
  },
  { id: 'servers', terms: ['server', 'container', 'linux'] },
  { id: 'service-account', terms: ['service account', 'read-only'] },
  { id: 'only', terms: ['only', 'except', 'excluding', 'other than', 'apart from'] },
  { id: 'internal', terms: ['internal', 'corporate', 'office'] },
  { id: 'contractor', terms: ['contractor', 'freelancer'] },
];

/** Clause openings that make it a subordinate condition or a relative clause: not a claim. */
export const SUBORDINATE_OPENINGS = [
  'who',
  'that',
  'which',
  'if',
  'when',
  'where',
  'unless',
  'whenever',
  'once',
];

/** Splits a text into clauses: sentences, then contrast and coordination joints. */
export const CLAUSE_BREAK =
  /(?:[.;!?]+(?:\s+|$))|\n+|\s+[—–-]\s+|,?\s+(?:but|however|although|though|whereas|while|except that)\s+|,\s+(?:and|or|so|which|who|that|as)\s+|\s+(?:who|which|unless|if|when|whenever)\s+/i;

/** Words that make a claim about a requirement (enforced / optional) rather than existence. */
export const REQUIREMENTS = [
  'enforce',
  'enforced',
  'enforces',
  'require',
  'required',
  'requires',
  'mandatory',
  'must',
  'compulsory',
  'optional',
  'voluntary',
  'opt-in',
];

/** Negators that cancel a negative word right after them ("not optional", "never unencrypted"). */
export const NEGATORS = [
  'not',
  'no',
  'never',
  'without',
  'none',
  'nor',
  'neither',
  'lack',
  'lacks',
  'nobody',
  'no one',
];
