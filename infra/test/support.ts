import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { buildDakiya } from '../lib/app';
import { configFromContext } from '../lib/config';
import type { DakiyaStack, DakiyaStackProps } from '../lib/dakiya-stack';
import type { EdgeStack } from '../lib/edge-stack';
import { acknowledgementsOf, type Acknowledgement } from '../lib/nag';

export const TEST_CONTEXT = {
  stage: 'test',
  supportEmail: 'support@dakiya.pk',
  shopifyApiVersion: '2026-07',
  shopifyClientId: 'test-client-id',
  alarmEmail: 'alarms@dakiya.pk',
  '@aws-cdk/core:defaultCrossStackReferences': 'weak',
};

export interface Synth {
  app: App;
  stack: DakiyaStack;
  template: Template;
  edge?: EdgeStack;
  edgeTemplate?: Template;
}

/**
 * One synth per test file (call it from beforeAll). `bundle: false` skips esbuild (the handler
 * files must still exist) for tests that do not look at the code.
 */
export function synth(
  options: { context?: Record<string, unknown>; bundle?: boolean } & Omit<DakiyaStackProps, 'config' | 'webAclArn'> = {},
): Synth {
  const { context = {}, bundle = true, ...props } = options;
  const app = new App({
    context: { ...TEST_CONTEXT, ...context, ...(bundle ? {} : { 'aws:cdk:bundling-stacks': [] }) },
  });
  const config = configFromContext(app.node, { account: '111111111111' });
  const { stack, edge } = buildDakiya(app, config, props);
  return { app, stack, template: Template.fromStack(stack), edge, edgeTemplate: edge && Template.fromStack(edge) };
}

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown>; DeletionPolicy?: string }>;

export function resources(template: Template, type: string): Resources {
  return template.findResources(type) as Resources;
}

export interface Statement {
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

/** The IAM statements attached to the role of the function named `dakiya-{stage}-{name}`. */
export function statementsOf(template: Template, functionName: string): Statement[] {
  const fns = Object.values(resources(template, 'AWS::Lambda::Function')).filter(
    (fn) => fn.Properties?.FunctionName === functionName,
  );
  if (fns.length !== 1) throw new Error(`expected one function ${functionName}, found ${fns.length}`);
  const roleRef = (fns[0]!.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return Object.values(resources(template, 'AWS::IAM::Policy'))
    .filter((policy) => (policy.Properties!.Roles as { Ref: string }[]).some((role) => role.Ref === roleRef))
    .flatMap((policy) => (policy.Properties!.PolicyDocument as { Statement: Statement[] }).Statement);
}

export function actionsOf(template: Template, functionName: string): string[] {
  return statementsOf(template, functionName).flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
}

interface Behavior {
  PathPattern?: string;
  TargetOriginId: string;
  CachePolicyId?: unknown;
  OriginRequestPolicyId?: string;
  ResponseHeadersPolicyId?: unknown;
  ViewerProtocolPolicy: string;
  AllowedMethods?: string[];
  FunctionAssociations?: unknown[];
}
export interface DistributionConfig {
  DefaultRootObject?: string;
  WebACLId?: unknown;
  Aliases?: string[];
  ViewerCertificate?: Record<string, unknown>;
  Logging?: Record<string, unknown>;
  CustomErrorResponses?: unknown[];
  DefaultCacheBehavior: Behavior;
  CacheBehaviors: Behavior[];
  Origins: {
    Id: string;
    OriginAccessControlId?: unknown;
    S3OriginConfig?: { OriginAccessIdentity?: string };
    CustomOriginConfig?: Record<string, unknown>;
  }[];
}

export function distributionConfig(template: Template): DistributionConfig {
  const distributions = Object.values(resources(template, 'AWS::CloudFront::Distribution'));
  if (distributions.length !== 1) throw new Error(`expected one distribution, found ${distributions.length}`);
  return distributions[0]!.Properties!.DistributionConfig as DistributionConfig;
}

/** The environment variables of the function named `functionName`. */
export function envOf(template: Template, functionName: string): Record<string, unknown> {
  const fn = Object.values(resources(template, 'AWS::Lambda::Function')).find((f) => f.Properties?.FunctionName === functionName);
  if (!fn) throw new Error(`no function ${functionName}`);
  return (fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
}

/** cdk-nag AwsSolutions findings that no acknowledgement covers, as `rule at path` lines. */
export function nagFindings(scope: IConstruct): string[] {
  const report = new AwsSolutionsChecks().validateScope(scope);
  return report.violations.map((v) => `${v.severity} ${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
}

/**
 * Acknowledgements that silence nothing: the checks run again with every acknowledgement ignored,
 * and each acknowledgement must match at least one of those raw findings in its own subtree.
 */
export function unusedAcknowledgements(scopes: IConstruct[]): Acknowledgement[] {
  const raw = scopes.flatMap((scope) => {
    const pack = new AwsSolutionsChecks();
    (pack as unknown as { isAcknowledged: () => boolean }).isAcknowledged = () => false;
    return pack.validateScope(scope).violations.flatMap((v) => v.violatingResources.map((r) => ({ rule: v.ruleName, path: r.constructPath })));
  });
  return acknowledgementsOf(scopes[0]!).filter(
    (ack) => !raw.some((f) => f.rule === ack.id && (f.path === ack.path || (f.path ?? '').startsWith(`${ack.path}/`))),
  );
}
