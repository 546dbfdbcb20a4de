import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

export interface Acknowledgement {
  /** Construct path of the subtree it covers. */
  path: string;
  id: string;
  reason: string;
}

const byApp = new WeakMap<IConstruct, Acknowledgement[]>();

/**
 * The one way this app suppresses a cdk-nag finding (cdk-nag v3: `Validations.of(x).acknowledge`,
 * the successor of v2's `NagSuppressions`). The reason is mandatory and says why the finding does
 * not apply here; it is written next to the construct it covers and applies to that subtree only.
 * Each is also recorded, so a test can prove every one still silences a real finding.
 */
export function acknowledge(scope: IConstruct, id: string, reason: string): void {
  if (reason.trim().length < 20) throw new Error(`nag acknowledgement ${id} needs a real reason`);
  Validations.of(scope).acknowledge({ id, reason });
  const root = scope.node.root;
  byApp.set(root, [...(byApp.get(root) ?? []), { path: scope.node.path, id, reason }]);
}

/** Every acknowledgement made in this app (its root construct). */
export function acknowledgementsOf(root: IConstruct): readonly Acknowledgement[] {
  return byApp.get(root.node.root) ?? [];
}
