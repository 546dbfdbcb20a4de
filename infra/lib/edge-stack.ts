import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import {
  API_BASE, API_REQUESTS_PER_IP_PER_5_MINUTES, COURIER_PUSH_REQUESTS_PER_ADDRESS_PER_5_MINUTES, COURIER_PUSH_ROUTES, ERRORS, PER_IP_LIMITS,
  ROUTE_PER_IP_LIMITS, routes, type PerIpLimit, type RouteDef, type RouteId,
} from '@dakiya/shared';

/** CloudFront web ACLs live in us-east-1, whatever the app's region. */
export const EDGE_REGION = 'us-east-1';

export interface EdgeStackProps extends StackProps {
  prefix: string;
}

/**
 * `/api/v1/get-cities/{id}` -> `/api/v1/get-cities/`: what every request to the route starts with,
 * matched after WAF normalises the path (no `//`, no `/./`) and lowercases it.
 */
export function pathPrefixOf(route: Pick<RouteDef, 'path'>): string {
  const path = `${API_BASE}${route.path}`;
  const brace = path.indexOf('{');
  return (brace === -1 ? path : path.slice(0, brace)).toLowerCase();
}

const NORMALISED: wafv2.CfnWebACL.TextTransformationProperty[] = [
  { priority: 0, type: 'NORMALIZE_PATH' },
  { priority: 1, type: 'LOWERCASE' },
];

function pathStartsWith(prefix: string): wafv2.CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint: 'STARTS_WITH',
      searchString: prefix,
      textTransformations: NORMALISED,
    },
  };
}

function anyOf(statements: wafv2.CfnWebACL.StatementProperty[]): wafv2.CfnWebACL.StatementProperty {
  return statements.length === 1 ? statements[0]! : { orStatement: { statements } };
}

/** The routes under each per-IP limit, from the route table (shared/src/per-ip-limits.ts). */
export function routesByLimit(): Map<PerIpLimit, RouteId[]> {
  const byLimit = new Map<PerIpLimit, RouteId[]>();
  for (const [id, limit] of Object.entries(ROUTE_PER_IP_LIMITS) as [RouteId, PerIpLimit][]) {
    byLimit.set(limit, [...(byLimit.get(limit) ?? []), id]);
  }
  return byLimit;
}

/** Routes whose raw body Shopify signs: the managed rules must not rewrite or block those bytes. */
function shopifySignedBodies(): string[] {
  return (Object.values(routes) as RouteDef[])
    .filter((route) => route.access.kind === 'shopify' && route.method === 'POST')
    .map((route) => pathPrefixOf(route));
}

const TOO_MANY = 'too-many-requests';

const visibility = (name: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName: name,
  sampledRequestsEnabled: true,
});

/**
 * The stage's edge protection in us-east-1: one WAF web ACL for the CloudFront distribution with
 * per-IP rate rules (every /api request, and tighter ones per class of route that guesses or spends
 * something), Amazon's IP reputation list and the common and known-bad-input managed rule groups.
 * A rate-limited caller gets a 429 in the error catalogue's shape, like the app's own limits.
 */
export class EdgeStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const { prefix } = props;
    const rules: wafv2.CfnWebACL.RuleProperty[] = [];
    const block429: wafv2.CfnWebACL.RuleActionProperty = {
      block: { customResponse: { responseCode: 429, customResponseBodyKey: TOO_MANY } },
    };

    const managed = (name: string, options: Partial<wafv2.CfnWebACL.ManagedRuleGroupStatementProperty> = {}) => {
      rules.push({
        name: `aws-${name}`,
        priority: rules.length,
        overrideAction: { none: {} },
        statement: { managedRuleGroupStatement: { vendorName: 'AWS', name, ...options } },
        visibilityConfig: visibility(`${prefix}-${name}`),
      });
    };

    managed('AWSManagedRulesAmazonIpReputationList');

    // one address's requests over 5 minutes, counted only where `scope` matches
    const perIp = (name: string, limit: number, scope: wafv2.CfnWebACL.StatementProperty): void => {
      rules.push({
        name,
        priority: rules.length,
        action: block429,
        statement: { rateBasedStatement: { aggregateKeyType: 'IP', evaluationWindowSec: 300, limit, scopeDownStatement: scope } },
        visibilityConfig: visibility(`${prefix}-${name}`),
      });
    };
    for (const [limit, ids] of routesByLimit()) {
      perIp(`per-ip-${limit}`, PER_IP_LIMITS[limit].requestsPer5Minutes, anyOf(ids.map((routeId) => pathStartsWith(pathPrefixOf(routes[routeId])))));
    }
    // a courier's few servers push for every merchant: out of the per-address ceiling, counted per callback address instead
    const pushes = anyOf(COURIER_PUSH_ROUTES.map((routeId) => pathStartsWith(pathPrefixOf(routes[routeId]))));
    perIp('per-ip-api', API_REQUESTS_PER_IP_PER_5_MINUTES, { andStatement: { statements: [pathStartsWith(`${API_BASE}/`), { notStatement: { statement: pushes } }] } });
    rules.push({
      name: 'courier-push',
      priority: rules.length,
      action: block429,
      statement: {
        rateBasedStatement: {
          aggregateKeyType: 'CUSTOM_KEYS', customKeys: [{ uriPath: { textTransformations: [{ priority: 0, type: 'NONE' }] } }],
          evaluationWindowSec: 300, limit: COURIER_PUSH_REQUESTS_PER_ADDRESS_PER_5_MINUTES, scopeDownStatement: pushes,
        },
      },
      visibilityConfig: visibility(`${prefix}-courier-push`),
    });

    const signed = shopifySignedBodies();
    managed('AWSManagedRulesCommonRuleSet', {
      // Bodies above 8 KB are legitimate here (bulk actions); the app checks sizes itself.
      ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
      ...(signed.length
        ? { scopeDownStatement: { notStatement: { statement: anyOf(signed.map(pathStartsWith)) } } }
        : {}),
    });
    managed('AWSManagedRulesKnownBadInputsRuleSet');

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `${prefix}-edge`,
      description: 'Dakiya: per-IP rate limits and AWS managed rules in front of CloudFront',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      customResponseBodies: {
        [TOO_MANY]: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({ errors: [{ msg: ERRORS.RATE_LIMITED.msg, code: 'RATE_LIMITED' }] }),
        },
      },
      rules,
      visibilityConfig: visibility(`${prefix}-edge`),
    });

    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn });
  }
}
