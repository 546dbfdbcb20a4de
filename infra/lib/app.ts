import { ReferenceStrength, type App } from 'aws-cdk-lib';
import type { DakiyaConfig } from './config';
import { DakiyaStack, type DakiyaStackProps } from './dakiya-stack';
import { EDGE_REGION, EdgeStack } from './edge-stack';

export interface DakiyaApp {
  stack: DakiyaStack;
  /** The us-east-1 stack with the WAF web ACL; absent when the stage has `waf` off. */
  edge?: EdgeStack;
}

/**
 * The stacks of one stage: `Dakiya-{stage}` in the stage's region and, with `waf` on,
 * `Dakiya-{stage}-edge` in us-east-1 (CloudFront's web ACLs live there). The distribution reads the
 * web ACL's ARN with a weak cross-region reference (Fn::GetStackOutput): no export locks the two
 * stacks together, and `cdk deploy --all` deploys the edge stack first.
 */
export function buildDakiya(app: App, config: DakiyaConfig, props: Omit<DakiyaStackProps, 'config' | 'env' | 'webAclArn'> = {}): DakiyaApp {
  const prefix = `dakiya-${config.stage}`;
  const tags = { app: 'dakiya', stage: config.stage };
  let edge: EdgeStack | undefined;
  if (config.waf) {
    edge = new EdgeStack(app, `Dakiya-${config.stage}-edge`, {
      prefix,
      env: { account: config.account, region: EDGE_REGION },
      description: `Dakiya edge protection (${config.stage}): WAF web ACL for CloudFront`,
      tags,
    });
    edge.webAcl.applyCrossStackReferenceStrength(ReferenceStrength.WEAK);
  }
  const stack = new DakiyaStack(app, `Dakiya-${config.stage}`, {
    description: `Dakiya courier booking (${config.stage})`,
    tags,
    ...props,
    config,
    webAclArn: edge?.webAcl.attrArn,
    env: { account: config.account, region: config.region },
  });
  return { stack, edge };
}
