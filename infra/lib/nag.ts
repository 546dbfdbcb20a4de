import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * The one way this app suppresses a cdk-nag finding (cdk-nag v3: `Validations.of(x).acknowledge`,
 * the successor of v2's `NagSuppressions`). The reason is mandatory and says why the finding does
 * not apply here; it is written next to the construct it covers and applies to that subtree only.
 */
export function acknowledge(scope: IConstruct, id: string, reason: string): void {
  if (reason.trim().length < 20) throw new Error(`nag acknowledgement ${id} needs a real reason`);
  Validations.of(scope).acknowledge({ id, reason });
}
