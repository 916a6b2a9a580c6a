/**
 * The answer bank's deliberate blanks (`[[ FILL IN: … ]]`) filled in for a fictional vendor, the
 * demo team, so seeded answers read as a finished questionnaire would. A blank is filled from the
 * vendor's facts by its hint, else from the hint's own example ("… e.g. <example>"), with the
 * `<placeholders>` inside the example filled the same way. An answer with a blank left over is not
 * used as a finished answer (the seed leaves such questions open).
 */

/** The demo vendor's facts, by the hint of the blank they fill (hints are compared trimmed, in lower case). */
const FACTS: Record<string, string> = {
  'legal entity name': 'Demo Team Pty Ltd',
  'company name': 'Demo Team Pty Ltd',
  'product name': 'Demo Team Cloud',
  'one clause — what it does and for whom':
    'hosted workflow platform for mid-sized finance and operations teams',
  year: '2019',
  'rough customer count or "customers in <industries>"':
    'around 240 customers in financial services, retail and logistics',
  n: '3',
  'name or role': 'Our Head of Engineering',
  'hosting provider': 'Amazon Web Services',
  'hosting provider and service': 'Amazon Web Services (Amazon RDS and Amazon S3, using AWS KMS keys)',
  provider: 'Amazon Web Services',
  'provider/service': 'AWS Backup, using AWS KMS keys',
  'country and region': 'Australia (AWS Sydney region, ap-southeast-2)',
  country: 'Australia',
  'registration number': 'ACN 612 345 678',
  'their certifications': 'SOC 2 Type II, ISO 27001 and PCI DSS Level 1 attestations',
  'payment provider': 'Stripe',
  'password manager': '1Password',
  period: '90 days',
  'backup retention period': '35 days',
  'email address': 'privacy@demo-team.example',
  url: 'https://demo-team.example/privacy',
  'url of your security or subprocessor page': 'https://demo-team.example/trust/subprocessors',
  'security@yourdomain': 'security@demo-team.example',
  roles: 'our engineering lead and two senior platform engineers',
  'contractors, support staff, or whoever is genuinely excluded': 'contractors and customer support staff',
  tool: 'Datadog',
  'monitoring tools': 'Datadog and AWS CloudWatch',
  'who, by what channel': 'the on-call engineer by phone push notification',
  'who, and by what channel': 'the on-call engineer by phone push notification',
  'your named contact': 'the technical contact named in your order form',
  'your minimum age term, if you have one': 'our terms of service require users to be at least 18',
  'separate project/account/instance': 'a separate AWS account',
  'self-serve export / a request to support': 'a self-serve export in the account settings',
  'format, e.g. json or csv': 'CSV and JSON',
  'every build / a weekly schedule': 'every build',
  'realistic window': 'seven days',
  'whether this is enforced by branch protection or by convention':
    'This is enforced by branch protection on the main branch',
  'the named framework': 'HIPAA, FedRAMP or PCI DSS as a merchant storing card data',
  contact: 'privacy@demo-team.example',
  'if you collect anything that is not strictly required — analytics, session recordings — name it here and say why':
    'We use privacy-friendly product analytics on feature usage only, without session recordings',
  'if backups are stored elsewhere, confirm those are encrypted too':
    'Backups are encrypted with the same keys',
  'if internal service-to-service traffic is also encrypted, say so; if it runs on a private network instead, say that':
    'Service-to-service traffic inside our AWS network is also encrypted with TLS',
  'state whether real customer data is ever copied into development — and if it is, say so':
    'Customer data is never copied into development or test environments',
  'what you do if it is reported to you': 'we delete such data on request once it is reported to us',
  'confirm this matches your actual contract terms before sending':
    'Our master subscription agreement says the same.',
  'what the product actually enforces on customer accounts — minimum length, whether you check against known-breached password lists, whether you offer sso':
    'Passwords must be at least 12 characters and are checked against known-breached password lists; customers on business plans can sign in with SAML single sign-on',
  'list the actual accounts — hosting provider, source control, domain registrar, email, payment provider':
    'our AWS accounts, GitHub, the domain registrar, Google Workspace and Stripe',
  'your uptime commitment, or that you do not offer a contractual sla':
    'We commit to 99.9% monthly availability in our service level agreement',
  'status page or channel, or say you do not run one and contact customers directly':
    'https://status.demo-team.example',
  'your realistic response expectation, e.g. within business hours, and typically faster':
    'Critical alerts are acknowledged within 30 minutes, day or night',
  'any external help you would call — hosting provider support, a security consultant, your lawyer':
    'We retain an external incident response firm and our lawyers on call.',
  'anything genuinely out of scope — e.g. our marketing site, internal tooling that holds no customer data':
    'our marketing site or internal tooling that holds no customer data',
};

/** The `<placeholders>` inside a hint's example. */
const PLACEHOLDERS: Record<string, string> = {
  n: '3',
  provider: 'Amazon Web Services',
  'provider/framework': 'Amazon Cognito',
  period: '90 days',
  tool: 'Datadog',
  'daily/continuously': 'continuously',
  service: 'Amazon S3',
  scope: 'three availability zones',
  'list of systems': 'AWS, GitHub, Google Workspace and 1Password',
  'second provider': 'a second AWS region',
  'security@ address': 'security@demo-team.example',
  'filevault/bitlocker/luks': 'FileVault and BitLocker',
  'defender/xprotect': 'Microsoft Defender and XProtect',
  'specific event: a migration, a staging refresh, an incident': 'our last database migration',
  date: '3 March',
  "the restore we performed / the provider's stated restore times": 'the restore we performed',
};

/**
 * Answers whose blanks the rules above would fill badly (a placeholder meaning two things, a
 * "Yes/No" hint): the text of each blank in order, `[[ IF … ]]` blanks included ('' leaves one out).
 */
const BY_QUESTION: Record<string, string[]> = {
  '1.2': ['18', '3'],
  '1.6': [
    'Yes',
    'One contract site reliability engineer supports our infrastructure and holds the same production access as our own engineers',
  ],
  '1.8': [
    'No AI system operates any part of our business or product, and none makes decisions affecting customer data.',
  ],
  '2.12': [
    'No. We do not use customer data to train AI or machine-learning models, and no customer data is sent to a third-party AI provider for training',
  ],
  '3.3': [
    'No. Customer data stays in Australia. Our error tracking provider stores diagnostic data in the United States and is configured to strip customer content before it leaves the region.',
  ],
  '3.6': [
    'The service sits behind Amazon CloudFront and AWS Shield Standard, which provide DDoS protection and TLS termination. Only port 443 is open to the internet; the database is not reachable from the public internet.',
  ],
  '3.7': [
    'Infrastructure is defined in AWS CDK and versioned in our repository; changes go through the same review process as application code.',
  ],
  '3.9': [
    'Platform patching is handled by our managed hosting provider. Application dependencies are updated weekly and on notification of a known vulnerability, via Dependabot.',
  ],
  '4.5': [
    'With 3 people holding access, we confirm the list every quarter rather than running a formal review cycle.',
  ],
  '4.6': ['1Password', 'AWS Secrets Manager'],
  '4.8': [
    'Yes. Customers on business plans can sign in with SAML 2.0 single sign-on. SCIM provisioning is not available today.',
  ],
  '4.9': [
    'Our hosting provider records an audit log of console and API actions (AWS CloudTrail), retained for a year. Application-level administrative actions are recorded in the product’s own audit log.',
  ],
  '4.10': [
    'Yes, only to investigate a support request from that customer and with their permission; every such access is recorded in our audit log',
  ],
  '5.3': ['Dependabot and npm audit in CI', 'every build', 'seven days'],
  '5.5': [
    'the application has a small, single-service attack surface with no customer-supplied code execution; dependencies are scanned continuously; authentication is handled by Amazon Cognito rather than implemented in-house',
    'before handling regulated data, or once we serve 50 enterprise customers',
  ],
  '5.8': [
    'We do not run a formal training programme. Our engineers each have more than eight years of professional experience and follow established practices: parameterised queries, framework-managed authentication and no hand-rolled cryptography.',
  ],
  '6.1': [
    'The production database is backed up continuously by Amazon RDS, with point-in-time recovery over the last 35 days. Uploaded files are stored in Amazon S3, which is replicated across three availability zones.',
  ],
  '6.5': [
    'Our target recovery point is 5 minutes, matching continuous backups. Our target recovery time is 4 hours for a full restore. These are targets based on the restore we performed, not contractual commitments.',
  ],
  '6.7': [
    'Two named directors hold emergency access to all critical accounts, and our recovery procedures are written down. Customers can export their data at any time, and we would give at least 90 days notice before ending the service',
  ],
  '6.8': ['Yes. We hold cyber liability and professional indemnity insurance.'],
  '7.3': [
    'Error and exception monitoring via Sentry, uptime monitoring via Datadog, AWS GuardDuty findings, provider security notifications, and customer reports to security@demo-team.example.',
  ],
  '7.6': ['We have not experienced a breach of customer data.'],
  '7.7': [
    'After any incident affecting customers we write up what happened, the cause, and what changed to prevent recurrence. These are kept in our engineering wiki.',
  ],
  '7.9': ['relevant logs, timeline information, and a point of contact'],
  '8.2': [
    'The list at https://demo-team.example/trust/subprocessors is dated and updated when it changes. Customers can subscribe to notifications there, and we e-mail affected customers 30 days before a new subprocessor begins processing.',
  ],
  '8.4': ['Yes. We have a data processing agreement in place with every subprocessor on our list.'],
  '8.5': [
    'Yes: our error tracking provider processes diagnostic data in the United States. All other subprocessors process data in Australia.',
  ],
  '9.5': [
    'No. Staff work on company-issued laptops only; personal devices cannot reach production systems or customer data.',
  ],
  '9.7': ['Background checks are performed on staff with production access.'],
  '9.8': ['Yes. Every employee and contractor signs a confidentiality agreement before they start.'],
  '10.3': [
    'We practise data minimisation, state our retention periods, delete and export data on request, publish a privacy policy with a named privacy contact, and list and disclose our subprocessors.',
    'privacy@demo-team.example',
  ],
  '10.4': [
    'HIPAA, FedRAMP or PCI DSS',
    'We do not store payment card data ourselves; card processing is handled by Stripe.',
  ],
  '10.5': [
    'An assessor would find the controls in this document, dependency scanning, managed hosting, no in-house cryptography, and a small attack surface',
  ],
  '10.7': ['Our policies were last reviewed in February and are reviewed every year.'],
  '11.1': [
    'Yes. Answer suggestions use a third-party large language model through its API; we do not train or run models ourselves.',
  ],
  '11.2': [
    'Yes, only when a customer uses answer suggestions: the question and the matching library answers are sent to our model provider’s API.',
  ],
  '11.3': [
    'Data submitted through our model provider’s API is not used to train their models under their published terms, and is retained for 30 days for abuse monitoring.',
  ],
  '11.4': ['Yes. An administrator can switch answer suggestions off for the whole account in its settings.'],
  '11.5': ['No. The product does not score, rank or make decisions about people.'],
  '11.6': [
    'No. Our code, support and operations are run by people. Engineers use AI coding assistants, and every change they suggest is reviewed before it is merged.',
  ],
};

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
const BLANK = /\[\[\s*([\s\S]*?)\s*\]\]/g;
const POSITION = /^(Yes|No|Partial|Info)\b/;

/** An example's placeholders filled, or null when one is unknown. */
function fillPlaceholders(text: string): string | null {
  let missing = false;
  const filled = text.replace(/<([^>]+)>/g, (_, name: string) => {
    const value = PLACEHOLDERS[normalise(name)];
    if (value === undefined) missing = true;
    return value ?? '';
  });
  return missing ? null : filled;
}

/** One blank's text by the general rules, or null when neither the facts nor its example fill it. */
function fillBlank(blank: string): string | null {
  // "[[ IF … ]]" marks text that applies to some companies only: this vendor leaves it out.
  if (/^IF\b/.test(blank)) return '';
  const hint = blank.replace(/^FILL IN:\s*/, '');
  const fact = FACTS[normalise(hint)];
  if (fact !== undefined) return fact;
  const example = /\be\.g\.\s+([\s\S]*)$/.exec(hint)?.[1];
  if (!example) return null;
  // "A. / B." offers alternatives (a slash inside a <placeholder> does not): the first is taken.
  return fillPlaceholders(example.split(/\s+\/\s+(?![^<]*>)/)[0].trim());
}

/**
 * An answer of the bank (see corpus.ts) as the demo vendor sends it, or null when a blank is left
 * unfilled. The bank's "Info." marker and its notes on when an answer applies ("No (if you are the
 * only engineer)") go; of alternative answers the last is kept (the vendor is a team of several).
 */
export function fillAnswer(reference: string, answer: string): string | null {
  const paragraphs = answer.split('\n\n');
  const alternatives = paragraphs.filter((p) => POSITION.test(p));
  const chosen =
    alternatives.length > 1 ? paragraphs.slice(paragraphs.indexOf(alternatives.at(-1)!)) : paragraphs;
  const values = BY_QUESTION[reference];
  let index = 0;
  let unfilled = false;
  const filled = chosen
    .join('\n\n')
    .replace(/^(Yes|No|Partial|Info)\s*\([^)]*\)/, '$1')
    .replace(BLANK, (_, blank: string) => {
      const value = values ? values[index++] : fillBlank(blank);
      if (value === null || value === undefined) unfilled = true;
      return value ?? '';
    })
    .replace(/^Info\.\s*/, '')
    .replace(/\.\s*\.(\s|$)/g, '.$1')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ +([.,;:])/g, '$1')
    .replace(/(^|[.!?]\s+)([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase())
    .trim();
  return unfilled || (values && index !== values.length) ? null : filled;
}
