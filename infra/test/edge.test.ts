import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  API_BASE, API_REQUESTS_PER_IP_PER_5_MINUTES, COURIER_PUSH_REQUESTS_PER_ADDRESS_PER_5_MINUTES, COURIER_PUSH_ROUTES, ERRORS, PER_IP_LIMITS,
  ROUTE_PER_IP_LIMITS, buildPath, routes, type RouteId,
} from '@dakiya/shared';
import { pathPrefixOf, routesByLimit } from '../lib/edge-stack';
import { distributionConfig, resources, synth, type Synth } from './support';

let s: Synth;
beforeAll(() => {
  s = synth({ webDistDir: join(tmpdir(), 'dakiya-infra-no-web-dist'), bundle: false });
}, 120_000);

interface Rule {
  Name: string;
  Priority: number;
  Action?: { Block?: { CustomResponse?: { ResponseCode: number; CustomResponseBodyKey: string } } };
  OverrideAction?: unknown;
  Statement: {
    RateBasedStatement?: { Limit: number; AggregateKeyType: string; EvaluationWindowSec: number; ScopeDownStatement: unknown; CustomKeys?: unknown[] };
    ManagedRuleGroupStatement?: { VendorName: string; Name: string; ScopeDownStatement?: unknown; RuleActionOverrides?: unknown[] };
  };
}
const acl = () => Object.values(resources(s.edgeTemplate!, 'AWS::WAFv2::WebACL'))[0]!.Properties!;
const rules = () => acl().Rules as Rule[];
const rule = (name: string) => rules().find((r) => r.Name === name)!;

/** Every STARTS_WITH search string under a statement. */
function prefixes(statement: unknown): string[] {
  const found: string[] = [];
  JSON.stringify(statement, (key, value: unknown) => {
    if (key === 'ByteMatchStatement') {
      const match = value as { SearchString: string; PositionalConstraint: string; TextTransformations: { Type: string }[] };
      expect(match.PositionalConstraint).toBe('STARTS_WITH');
      expect(match.TextTransformations.map((t) => t.Type)).toEqual(['NORMALIZE_PATH', 'LOWERCASE']);
      found.push(match.SearchString);
    }
    return value;
  });
  return found.sort();
}

/** A request path of the route as a browser sends it (path parameters filled in). */
const samplePath = (id: RouteId) =>
  `${API_BASE}${buildPath(routes[id].path, Object.fromEntries([...routes[id].path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, 'abc123'])))}`;

describe('the edge stack: a WAF web ACL for CloudFront in us-east-1', () => {
  it('is a CLOUDFRONT-scoped web ACL in us-east-1 that allows by default', () => {
    expect(s.edge!.region).toBe('us-east-1');
    expect(acl()).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} }, Name: 'dakiya-test-edge' });
    expect(distributionConfig(s.template).WebACLId).toMatchObject({ 'Fn::GetStackOutput': { StackName: s.edge!.stackName } });
  });

  it('has one per-IP rate rule per limit class, covering exactly the routes of that class', () => {
    for (const [limit, ids] of routesByLimit()) {
      const r = rule(`per-ip-${limit}`);
      expect(r.Statement.RateBasedStatement).toMatchObject({
        AggregateKeyType: 'IP',
        EvaluationWindowSec: 300,
        Limit: PER_IP_LIMITS[limit].requestsPer5Minutes,
      });
      expect(prefixes(r.Statement.RateBasedStatement!.ScopeDownStatement)).toEqual(ids.map((id) => pathPrefixOf(routes[id])).sort());
    }
    expect(rule('per-ip-signIn')).toBeDefined();
    expect(rule('per-ip-password')).toBeDefined();
    expect(rule('per-ip-verification')).toBeDefined();
  });

  it('counts a real request path of each limited route under its class, and no other route under it', () => {
    const limited = [...routesByLimit()];
    for (const id of Object.keys(routes) as RouteId[]) {
      const path = samplePath(id).toLowerCase();
      const matches = limited.filter(([, ids]) => ids.some((other) => path.startsWith(pathPrefixOf(routes[other])))).map(([limit]) => limit);
      expect(matches, id).toEqual(ROUTE_PER_IP_LIMITS[id] ? [ROUTE_PER_IP_LIMITS[id]] : []);
    }
  });

  it('limits every /api request per address as well, and answers 429 in the error catalogue\'s shape', () => {
    expect(rule('per-ip-api').Statement.RateBasedStatement).toMatchObject({ Limit: API_REQUESTS_PER_IP_PER_5_MINUTES, AggregateKeyType: 'IP' });
    // every /api request but a courier's pushes, which have their own rule below
    const apiScope = rule('per-ip-api').Statement.RateBasedStatement!.ScopeDownStatement as { AndStatement: { Statements: [unknown, { NotStatement: { Statement: unknown } }] } };
    expect(prefixes(apiScope.AndStatement.Statements[0])).toEqual(['/api/v1/']);
    expect(prefixes(apiScope.AndStatement.Statements[1].NotStatement.Statement)).toEqual(COURIER_PUSH_ROUTES.map((id) => pathPrefixOf(routes[id])).sort());
    for (const r of rules().filter((x) => x.Name.startsWith('per-ip-'))) {
      expect(r.Action, r.Name).toEqual({ Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'too-many-requests' } } });
    }
    const body = (acl().CustomResponseBodies as Record<string, { ContentType: string; Content: string }>)['too-many-requests']!;
    expect(body.ContentType).toBe('APPLICATION_JSON');
    expect(JSON.parse(body.Content)).toEqual({ errors: [{ msg: ERRORS.RATE_LIMITED.msg, code: 'RATE_LIMITED' }] });
  });

  it('counts courier pushes per callback address (the URI path), not per sender, and blocks past the limit with a 429', () => {
    const r = rule('courier-push');
    expect(r.Statement.RateBasedStatement).toMatchObject({
      AggregateKeyType: 'CUSTOM_KEYS', EvaluationWindowSec: 300, Limit: COURIER_PUSH_REQUESTS_PER_ADDRESS_PER_5_MINUTES,
      CustomKeys: [{ UriPath: { TextTransformations: [{ Priority: 0, Type: 'NONE' }] } }],
    });
    expect(prefixes(r.Statement.RateBasedStatement!.ScopeDownStatement)).toEqual(COURIER_PUSH_ROUTES.map((id) => pathPrefixOf(routes[id])).sort());
    expect(r.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'too-many-requests' } } });
    // a real push path is under this rule and under no per-address one
    for (const id of COURIER_PUSH_ROUTES) {
      const path = samplePath(id).toLowerCase();
      expect([...routesByLimit()].filter(([, ids]) => ids.some((other) => path.startsWith(pathPrefixOf(routes[other]))))).toEqual([]);
      expect(path.startsWith(pathPrefixOf(routes[id]))).toBe(true);
    }
  });

  it('runs the IP reputation list first and the common and known-bad-input rule groups', () => {
    const managed = rules().filter((r) => r.Statement.ManagedRuleGroupStatement).map((r) => r.Statement.ManagedRuleGroupStatement!.Name);
    expect(managed).toEqual(['AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet']);
    expect(rules()[0]!.Name).toBe('aws-AWSManagedRulesAmazonIpReputationList');
    for (const r of rules().filter((x) => x.Statement.ManagedRuleGroupStatement)) expect(r.OverrideAction).toEqual({ None: {} });
    expect(rules().map((r) => r.Priority)).toEqual(rules().map((_, i) => i));
  });

  it('keeps the common rules off the bytes Shopify signs (webhooks) and counts, not blocks, large bodies', () => {
    const common = rule('aws-AWSManagedRulesCommonRuleSet').Statement.ManagedRuleGroupStatement!;
    expect(common.RuleActionOverrides).toEqual([{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }]);
    expect(prefixes(common.ScopeDownStatement)).toEqual([pathPrefixOf(routes['shopify.webhook'])]);
    expect(JSON.stringify(common.ScopeDownStatement)).toContain('NotStatement');
  });

  it('is absent with waf=false (the distribution then has no web ACL)', () => {
    const off = synth({ webDistDir: join(tmpdir(), 'dakiya-infra-no-web-dist'), bundle: false, context: { waf: 'false' } });
    expect(off.edge).toBeUndefined();
    expect(distributionConfig(off.template).WebACLId).toBeUndefined();
  }, 120_000);
});
