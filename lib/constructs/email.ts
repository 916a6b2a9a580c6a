/** SES: the sender identity from the stage config and a configuration set that every send goes through. */
import { CfnOutput, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import type { SenderIdentity } from '../config/stages';

export interface EmailProps {
  identity: SenderIdentity;
}

export class Email extends Construct {
  readonly identity: ses.EmailIdentity;
  readonly configurationSet: ses.ConfigurationSet;

  constructor(scope: Construct, id: string, props: EmailProps) {
    super(scope, id);
    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      reputationMetrics: true,
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.identity = new ses.EmailIdentity(this, 'Identity', {
      identity:
        props.identity.kind === 'domain'
          ? ses.Identity.domain(props.identity.domain)
          : ses.Identity.email(props.identity.email),
      // The identity's default configuration set, so handlers need not name it on each send.
      configurationSet: this.configurationSet,
    });
    const sender = props.identity;
    if (sender.kind === 'domain') {
      // Easy DKIM: these CNAMEs must be published in the domain's DNS before SES verifies it.
      this.identity.dkimRecords.forEach((record, i) => {
        new CfnOutput(this, `DkimRecord${i + 1}`, {
          description: `DKIM CNAME ${i + 1} for ${sender.domain}`,
          value: `${record.name} CNAME ${record.value}`,
        });
      });
    }
  }

  /** ses:SendEmail from this identity through this configuration set. */
  grantSend(grantee: iam.IGrantable): void {
    this.identity.grantSendEmail(grantee);
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [
          Stack.of(this).formatArn({
            service: 'ses',
            resource: 'configuration-set',
            resourceName: this.configurationSet.configurationSetName,
          }),
        ],
      }),
    );
  }
}
