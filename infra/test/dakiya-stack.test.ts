import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  COURIER_PUSH_ROUTES, COURIER_PUSH_THROTTLE, GROUPS, GROUP_NEEDS, jobName, jobNeeds, jobs, pageRouteKey, pages, queueJobDef, queueJobIds, routeKey, routes, scheduledJobIds,
  type JobId, type LambdaNeeds, type PageId, type RouteDef, type Schedule,
} from '@dakiya/shared';
import { INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/adapters/dynamo/table';
import { JOB_FUNCTIONS } from '../lib/dakiya-stack';
import { acknowledgementsOf } from '../lib/nag';
import { distributionConfig, envOf, nagFindings, resources, statementsOf, synth, unusedAcknowledgements, type Synth } from './support';

// The real handlers, bundled by esbuild as in `cdk synth`; the SPA as in CI before the web is
// built (the deployment of a built SPA is covered by web-deployment.test.ts).
const NO_DIST = join(tmpdir(), 'dakiya-infra-no-web-dist');
let s: Synth;
beforeAll(() => {
  s = synth({ webDistDir: NO_DIST });
}, 120_000);

const fnName = (name: string) => `dakiya-test-${name}`;
const lambdaNames = [...GROUPS, ...JOB_FUNCTIONS];
const jobByName = new Map([...queueJobIds, ...scheduledJobIds].map((job) => [jobName(job), job as JobId]));
const needsOf = (name: string): LambdaNeeds => (GROUP_NEEDS as Record<string, LambdaNeeds>)[name] ?? jobNeeds(jobByName.get(name)!);
const fnProps = (name: string) =>
  Object.values(resources(s.template, 'AWS::Lambda::Function')).find((fn) => fn.Properties!.FunctionName === fnName(name))!.Properties!;

describe('API from the route table', () => {
  const table = Object.entries(routes) as [string, RouteDef][];

  it.each(table)('route %s is an API Gateway route with its method and path', (_id, route) => {
    s.template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: routeKey(route) });
  });

  it('has exactly one API route per table entry plus $default, each integrated with its group function', () => {
    const apiRoutes = Object.values(resources(s.template, 'AWS::ApiGatewayV2::Route'));
    const pageKeys = (Object.keys(pages) as PageId[]).map(pageRouteKey);
    expect(apiRoutes.map((r) => r.Properties!.RouteKey).sort()).toEqual([...table.map(([, r]) => routeKey(r)), ...pageKeys, '$default'].sort());

    const integrations = resources(s.template, 'AWS::ApiGatewayV2::Integration');
    const functionsByLogicalId = resources(s.template, 'AWS::Lambda::Function');
    for (const [id, route] of table) {
      const apiRoute = apiRoutes.find((r) => r.Properties!.RouteKey === routeKey(route))!;
      const target = JSON.stringify(apiRoute.Properties!.Target);
      const integrationId = Object.keys(integrations).find((key) => target.includes(key));
      expect(integrationId, id).toBeDefined();
      const uri = JSON.stringify(integrations[integrationId!]!.Properties!.IntegrationUri);
      const fnId = Object.keys(functionsByLogicalId).find((key) => uri.includes(key))!;
      expect(functionsByLogicalId[fnId]!.Properties!.FunctionName, id).toBe(fnName(route.group));
    }
  });

  it('sends what no route matches ($default) to the system function, which answers 404 or 405 from the table', () => {
    const apiRoutes = Object.values(resources(s.template, 'AWS::ApiGatewayV2::Route'));
    const fallback = apiRoutes.find((r) => r.Properties!.RouteKey === '$default')!;
    const health = apiRoutes.find((r) => r.Properties!.RouteKey === routeKey(routes['system.health']))!;
    expect(fallback.Properties!.Target).toEqual(health.Properties!.Target);
  });

  it('uses payload format 2.0, a throttled $default stage and JSON access logs', () => {
    s.template.allResourcesProperties('AWS::ApiGatewayV2::Integration', {
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
    });
    s.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
    s.template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
  });

  it('gives courier pushes a throttle of their own, apart from the stage\'s shared one, after their routes exist', () => {
    const [[stageId, stage]] = Object.entries(resources(s.template, 'AWS::ApiGatewayV2::Stage')) as unknown as [[string, { Properties: Record<string, unknown>; DependsOn?: string[] }]];
    expect(COURIER_PUSH_ROUTES.length).toBeGreaterThan(0);
    expect(stage.Properties.RouteSettings).toEqual(Object.fromEntries(COURIER_PUSH_ROUTES.map((id) => [
      routeKey(routes[id]), { ThrottlingRateLimit: COURIER_PUSH_THROTTLE.rateLimit, ThrottlingBurstLimit: COURIER_PUSH_THROTTLE.burstLimit },
    ])));
    const apiRoutes = resources(s.template, 'AWS::ApiGatewayV2::Route');
    for (const id of COURIER_PUSH_ROUTES) {
      const [routeId] = Object.entries(apiRoutes).find(([, r]) => r.Properties!.RouteKey === routeKey(routes[id]))!;
      expect(stage.DependsOn, stageId).toContain(routeId);
    }
  });

  it('sets no CORS (the SPA and the API share the CloudFront domain)', () => {
    s.template.hasResourceProperties('AWS::ApiGatewayV2::Api', { CorsConfiguration: Match.absent() });
  });
});

describe('functions', () => {
  it('has one Lambda per group and one per row of the job table, Node.js 24 on arm64', () => {
    const fns = Object.values(resources(s.template, 'AWS::Lambda::Function'));
    expect(fns.map((fn) => fn.Properties!.FunctionName).sort()).toEqual(lambdaNames.map(fnName).sort());
    for (const fn of fns) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        TracingConfig: { Mode: 'Active' },
        LoggingConfig: { LogGroup: expect.anything() },
      });
    }
  });

  it('takes each timeout and memory size from the declared needs, API groups under API Gateway\'s 30 s', () => {
    for (const name of lambdaNames) {
      const needs = needsOf(name);
      expect(fnProps(name), name).toMatchObject({ Timeout: needs.timeoutSeconds, MemorySize: needs.memoryMb });
    }
    for (const group of GROUPS) expect(GROUP_NEEDS[group].timeoutSeconds, group).toBeLessThanOrEqual(29);
  });

  it('gives the status sync\'s worker 256 MB: it waits on couriers and Shopify, and Lambda bills the wait by memory', () => {
    expect(fnProps('sync-parcels')).toMatchObject({ MemorySize: 256 });
  });

  it('reserves no concurrency unless the stage turns reserveConcurrency on', () => {
    for (const name of lambdaNames) expect(fnProps(name).ReservedConcurrentExecutions, name).toBeUndefined();
  });

  it('gives each function its own log group, and every log group a retention', () => {
    for (const name of lambdaNames) {
      s.template.hasResourceProperties('AWS::Logs::LogGroup', {
        LogGroupName: `/aws/lambda/${fnName(name)}`,
        RetentionInDays: 30,
      });
    }
    for (const [id, group] of Object.entries(resources(s.template, 'AWS::Logs::LogGroup'))) {
      expect(group.Properties!.RetentionInDays, id).toBe(30);
    }
  });

  it('passes the env the functions read, and never the Shopify client secret itself', () => {
    for (const name of lambdaNames) {
      const vars = envOf(s.template, fnName(name));
      expect(Object.keys(vars)).toEqual(
        expect.arrayContaining(['TABLE_NAME', 'KMS_KEY_ID', 'MAIL_FROM', 'APP_URL', 'SUPPORT_EMAIL', 'SHOPIFY_CLIENT_ID', 'SHOPIFY_API_VERSION']),
      );
      expect(vars.SHOPIFY_CLIENT_ID).toBe('test-client-id');
      // the support page's address is a deploy setting: context supportEmail, served by GET /app-config
      expect(vars.SUPPORT_EMAIL).toBe('support@dakiya.pk');
      expect(vars).not.toHaveProperty('SHOPIFY_CLIENT_SECRET');
      expect(vars).not.toHaveProperty('LOCAL_SECRET_KEY');
      expect(vars).not.toHaveProperty('DYNAMO_ENDPOINT');
      expect('SHOPIFY_CLIENT_SECRET_ARN' in vars, name).toBe(needsOf(name).shopifySecret === true);
      expect('JOB_QUEUE_URLS' in vars, name).toBe((needsOf(name).enqueue ?? []).length > 0);
    }
  });

  it('does not use the AWS managed basic execution policy', () => {
    for (const role of Object.values(resources(s.template, 'AWS::IAM::Role'))) {
      expect(role.Properties!.ManagedPolicyArns).toBeUndefined();
    }
  });
});

describe('data', () => {
  it('has one on-demand table with PITR, TTL, KMS encryption, retained and deletion-protected', () => {
    s.template.resourceCountIs('AWS::DynamoDB::Table', 1);
    s.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
        SSESpecification: { SSEEnabled: true, SSEType: 'KMS', KMSMasterKeyId: Match.anyValue() },
        DeletionProtectionEnabled: true,
        KeySchema: [
          { AttributeName: TABLE_KEYS.partition, KeyType: 'HASH' },
          { AttributeName: TABLE_KEYS.sort, KeyType: 'RANGE' },
        ],
      }),
    });
  });

  it('has one GSI per entry of INDEXES', () => {
    const table = Object.values(resources(s.template, 'AWS::DynamoDB::Table'))[0]!;
    const gsis = (table.Properties!.GlobalSecondaryIndexes ?? []) as { IndexName: string; KeySchema: { AttributeName: string }[] }[];
    expect(gsis.map((g) => g.IndexName).sort()).toEqual(INDEXES.map((i) => i.name).sort());
    for (const index of INDEXES) {
      const gsi = gsis.find((g) => g.IndexName === index.name)!;
      expect(gsi.KeySchema.map((k) => k.AttributeName)).toEqual([index.partition, index.sort]);
    }
  });

  it('has a retained customer managed key with rotation', () => {
    s.template.hasResource('AWS::KMS::Key', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ EnableKeyRotation: true }),
    });
  });

  it('keeps the Shopify client secret in Secrets Manager, encrypted with the app key', () => {
    s.template.hasResourceProperties('AWS::SecretsManager::Secret', {
      Name: 'dakiya/test/shopify-client-secret',
      KmsKeyId: Match.anyValue(),
    });
  });
});

describe('the job table', () => {
  const queues = () => resources(s.template, 'AWS::SQS::Queue');
  const logicalIdOfQueue = (name: string) => Object.keys(queues()).find((id) => queues()[id]!.Properties!.QueueName === name)!;
  const fnLogicalId = (name: string) => Object.entries(resources(s.template, 'AWS::Lambda::Function')).find(([, fn]) => fn.Properties!.FunctionName === fnName(name))![0];

  it.each(queueJobIds.map((id) => [id]))('queue row %s: queue with its settings, redriving to its dead-letter queue', (id) => {
    const def = queueJobDef(id);
    const name = `dakiya-test-${jobName(id)}${def.fifo ? '.fifo' : ''}`;
    const dlqId = logicalIdOfQueue(`dakiya-test-${jobName(id)}-dlq${def.fifo ? '.fifo' : ''}`);
    expect(dlqId).toBeDefined();
    s.template.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: name,
      SqsManagedSseEnabled: true,
      VisibilityTimeout: def.visibilityTimeoutSeconds,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] }, maxReceiveCount: def.maxReceiveCount },
      ...(def.fifo ? { FifoQueue: true } : {}),
    });
  });

  it.each(queueJobIds.map((id) => [id]))('queue row %s: its worker reads the queue with the batch size, maximum concurrency and partial batch failures', (id) => {
    const def = queueJobDef(id);
    s.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fnLogicalId(jobName(id)) },
      EventSourceArn: { 'Fn::GetAtt': [logicalIdOfQueue(`dakiya-test-${jobName(id)}${def.fifo ? '.fifo' : ''}`), 'Arn'] },
      BatchSize: def.batchSize,
      ScalingConfig: { MaximumConcurrency: def.maxConcurrency },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    s.template.hasResourceProperties('AWS::Lambda::Function', { FunctionName: fnName(jobName(id)), Timeout: def.timeoutSeconds });
  });

  it.each(scheduledJobIds.map((id) => [id]))('scheduled row %s: an EventBridge rule runs its function on the schedule', (id) => {
    const schedule = jobs[id].schedule as Schedule;
    const expression = 'everyMinutes' in schedule
      ? `rate(${schedule.everyMinutes} minute${schedule.everyMinutes === 1 ? '' : 's'})`
      : `cron(${Number(schedule.dailyAtUtc.split(':')[1])} ${Number(schedule.dailyAtUtc.split(':')[0])} * * ? *)`;
    s.template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: expression,
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fnLogicalId(jobName(id)), 'Arn'] } })],
    });
  });

  it('has exactly the queues of the table, all encrypted and SSL-only', () => {
    expect(Object.keys(queues())).toHaveLength(queueJobIds.length * 2);
    for (const queue of Object.values(queues())) expect(queue.Properties!.SqsManagedSseEnabled).toBe(true);
    const policies = Object.values(resources(s.template, 'AWS::SQS::QueuePolicy'));
    expect(policies).toHaveLength(queueJobIds.length * 2);
    for (const policy of policies) {
      expect(JSON.stringify(policy.Properties!.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('gives each function the URLs of exactly the queues it may send to, and the grant to send there only', () => {
    for (const name of lambdaNames) {
      const vars = envOf(s.template, fnName(name));
      const allowed: readonly string[] = needsOf(name).enqueue ?? [];
      if (allowed.length === 0) continue;
      const urls = JSON.stringify(vars.JOB_QUEUE_URLS);
      for (const job of queueJobIds) {
        const queueId = logicalIdOfQueue(`dakiya-test-${jobName(job)}${queueJobDef(job).fifo ? '.fifo' : ''}`);
        expect(urls.includes(queueId), `${name} ${job}`).toBe(allowed.includes(job));
      }
      const send = statementsOf(s.template, fnName(name)).filter((st) => JSON.stringify(st.Action).includes('sqs:SendMessage'));
      expect(send).toHaveLength(1);
      expect((Array.isArray(send[0]!.Resource) ? send[0]!.Resource : [send[0]!.Resource]).length).toBe(allowed.length);
    }
  });
});

describe('web', () => {
  const distribution = () => distributionConfig(s.template);

  it('serves the SPA bucket through Origin Access Control, index.html at the root', () => {
    s.template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    const config = distribution();
    expect(config.DefaultRootObject).toBe('index.html');
    const s3Origin = config.Origins.find((o) => o.S3OriginConfig)!;
    expect(s3Origin.OriginAccessControlId).toBeDefined();
    expect(s3Origin.S3OriginConfig!.OriginAccessIdentity).toBe('');
  });

  it('falls back to index.html for client-side routes on the S3 behaviour only, not for /api/*', () => {
    const config = distribution();
    // Distribution-wide error responses would turn the API's 403/404 into index.html.
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: expect.anything() },
    ]);
    const api = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!;
    expect(api.FunctionAssociations).toBeUndefined();
  });

  it('sends /api/* to the HTTP API uncached with all viewer headers except Host', () => {
    const config = distribution();
    expect(config.CacheBehaviors.map((b) => b.PathPattern).sort()).toEqual(['/api/*', '/api/v1/shopify/install*', '/assets/*', '/track/*']);
    const api = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!;
    expect(api).toMatchObject({
      PathPattern: '/api/*',
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
      ViewerProtocolPolicy: 'https-only',
      AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
    });
    const apiOrigin = config.Origins.find((o) => o.Id === api.TargetOriginId)!;
    expect(apiOrigin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
  });

  it('adds security headers to both behaviours, and logs', () => {
    s.template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: 31536000 }),
          ContentSecurityPolicy: Match.objectLike({ ContentSecurityPolicy: Match.stringLikeRegexp("frame-ancestors 'none'") }),
          FrameOptions: Match.objectLike({ FrameOption: 'DENY' }),
          ContentTypeOptions: Match.objectLike({ Override: true }),
        }),
      },
    });
    const config = distribution();
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toBeDefined();
    // the launch page and the tracking page send their own CSP: their policies are asserted below
    for (const behaviour of config.CacheBehaviors.filter((b) => b.PathPattern !== '/api/v1/shopify/install*' && b.PathPattern !== '/track/*')) {
      expect(behaviour.ResponseHeadersPolicyId, behaviour.PathPattern).toEqual(config.DefaultCacheBehavior.ResponseHeadersPolicyId);
    }
    expect(config.Logging).toMatchObject({ Bucket: expect.anything(), Prefix: 'cloudfront/' });
  });

  it('lets the Shopify admin frame the launch page: its behaviour comes before /api/* and keeps the page\'s own CSP', () => {
    const config = distribution();
    const patterns = config.CacheBehaviors.map((b) => b.PathPattern);
    expect(patterns.indexOf('/api/v1/shopify/install*')).toBeGreaterThanOrEqual(0);
    expect(patterns.indexOf('/api/v1/shopify/install*')).toBeLessThan(patterns.indexOf('/api/*'));
    const launch = config.CacheBehaviors.find((b) => b.PathPattern === '/api/v1/shopify/install*')!;
    const api = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!;
    // same origin (with the origin header), same policies, only the response headers differ
    expect({ ...launch, PathPattern: '', ResponseHeadersPolicyId: '' }).toEqual({ ...api, PathPattern: '', ResponseHeadersPolicyId: '' });
    const policies = resources(s.template, 'AWS::CloudFront::ResponseHeadersPolicy');
    const launchPolicy = Object.entries(policies).find(([id]) => JSON.stringify(launch.ResponseHeadersPolicyId).includes(id));
    expect(launchPolicy, 'the launch behaviour has its own headers policy').toBeDefined();
    const headers = (launchPolicy![1] as unknown as { Properties: { ResponseHeadersPolicyConfig: { SecurityHeadersConfig: Record<string, unknown> } } })
      .Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers.ContentSecurityPolicy).toBeUndefined();
    expect(headers.FrameOptions).toBeUndefined();
    expect(headers.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 31536000, Override: true });
    expect(headers.ContentTypeOptions).toMatchObject({ Override: true });
  });

  it('sends /track/* to the tracking function through the HTTP API, cached a minute by language, with its own CSP kept', () => {
    const config = distribution();
    const track = config.CacheBehaviors.find((b) => b.PathPattern === '/track/*')!;
    const api = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!;
    expect(track).toMatchObject({
      TargetOriginId: api.TargetOriginId, // the HTTP API, with the origin header the function checks first
      OriginRequestPolicyId: api.OriginRequestPolicyId, // the viewer's address reaches the per-address limit
      ViewerProtocolPolicy: 'https-only',
      AllowedMethods: ['GET', 'HEAD'],
      Compress: true,
    });
    const cachePolicies = resources(s.template, 'AWS::CloudFront::CachePolicy');
    const cache = Object.entries(cachePolicies).find(([id]) => JSON.stringify(track.CachePolicyId).includes(id));
    expect(cache, 'the tracking page has its own cache policy').toBeDefined();
    expect(cache![1].Properties!.CachePolicyConfig).toMatchObject({
      MinTTL: 0, DefaultTTL: 60, MaxTTL: 300,
      ParametersInCacheKeyAndForwardedToOrigin: {
        QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: ['lang'] },
        HeadersConfig: { HeaderBehavior: 'none' },
        CookiesConfig: { CookieBehavior: 'none' },
        EnableAcceptEncodingGzip: true,
      },
    });
    const policies = resources(s.template, 'AWS::CloudFront::ResponseHeadersPolicy');
    const own = Object.entries(policies).find(([id]) => JSON.stringify(track.ResponseHeadersPolicyId).includes(id));
    expect(own, 'the tracking page has its own headers policy').toBeDefined();
    const headers = (own![1] as unknown as { Properties: { ResponseHeadersPolicyConfig: { SecurityHeadersConfig: Record<string, unknown> } } })
      .Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers.ContentSecurityPolicy, "the function's CSP (its style's hash) must not be overridden").toBeUndefined();
    expect(headers.FrameOptions).toMatchObject({ FrameOption: 'DENY', Override: true });
    expect(headers.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 31536000, Override: true });
    expect(headers.ContentTypeOptions).toMatchObject({ Override: true });
    const routesOfApi = Object.values(resources(s.template, 'AWS::ApiGatewayV2::Route'));
    const page = routesOfApi.find((r) => r.Properties!.RouteKey === 'GET /track/{track_number}')!;
    const publicApi = routesOfApi.find((r) => r.Properties!.RouteKey === routeKey(routes['tracking.public']))!;
    expect(page.Properties!.Target, 'the page and its API are one function').toEqual(publicApi.Properties!.Target);
  });

  it('caches hashed assets for a year and revalidates index.html and every other file each time', () => {
    const config = distribution();
    const assets = config.CacheBehaviors.find((b) => b.PathPattern === '/assets/*')!;
    expect(assets).toMatchObject({
      CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6', // Managed-CachingOptimized: up to a year, as the object says
      ViewerProtocolPolicy: 'redirect-to-https',
      TargetOriginId: config.DefaultCacheBehavior.TargetOriginId,
    });
    expect(assets.FunctionAssociations).toBeUndefined();
    const policies = resources(s.template, 'AWS::CloudFront::CachePolicy');
    const revalidate = policies[(config.DefaultCacheBehavior.CachePolicyId as { Ref: string }).Ref]!;
    expect(revalidate.Properties!.CachePolicyConfig).toMatchObject({ MinTTL: 0, DefaultTTL: 0 });
  });

  it('puts the WAF web ACL of the edge stack in front of the distribution (weak cross-region reference)', () => {
    expect(distribution().WebACLId).toEqual({
      'Fn::GetStackOutput': { StackName: 'Dakiya-test-edge', Region: 'us-east-1', OutputName: expect.any(String) },
    });
  });

  it('blocks public access on both buckets, SSL only, SPA bucket access-logged', () => {
    for (const bucket of Object.values(resources(s.template, 'AWS::S3::Bucket'))) {
      expect(bucket.Properties!.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
    s.template.hasResourceProperties('AWS::S3::Bucket', { LoggingConfiguration: { DestinationBucketName: Match.anyValue(), LogFilePrefix: 's3/spa/' } });
    for (const policy of Object.values(resources(s.template, 'AWS::S3::BucketPolicy'))) {
      expect(JSON.stringify(policy.Properties!.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('skips the SPA deployment with a warning when web/dist is not built', () => {
    expect(s.stack.web.deployment).toBeUndefined();
    expect(Object.keys(s.template.findResources('Custom::CDKBucketDeployment'))).toHaveLength(0);
    const warnings = s.stack.web.node.metadata.filter((m) => m.type === 'aws:cdk:warning').map((m) => String(m.data));
    expect(warnings.some((w) => w.includes('web/dist/index.html not found'))).toBe(true);
  });
});

describe('cdk-nag AwsSolutions', () => {
  it('reports no findings that are not acknowledged with a reason, in either stack', () => {
    expect(nagFindings(s.stack)).toEqual([]);
    expect(nagFindings(s.edge!)).toEqual([]);
  });

  it('has no acknowledgement that silences nothing', () => {
    expect(unusedAcknowledgements([s.stack, s.edge!])).toEqual([]);
  });

  it('acknowledges no WAF finding when the web ACL is on, and only X-Ray\'s "*" per function and the files bucket\'s one prefix per shop', () => {
    const acks = acknowledgementsOf(s.app);
    expect(acks.filter((a) => a.id === 'AwsSolutions-CFR2')).toEqual([]);
    const wildcard = acks.filter((a) => a.id.startsWith('AwsSolutions-IAM5'));
    const xray = wildcard.filter((a) => a.id === 'AwsSolutions-IAM5[Resource::*]');
    expect(xray.map((a) => a.path).sort()).toEqual(lambdaNames.map((name) => `Dakiya-test/Fn-${name}/Tracing`).sort());
    // shops are made at run time: a function that needs the files bucket gets its one prefix under every shop, no more
    const files = wildcard.filter((a) => !xray.includes(a)).map((a) => `${a.path.split('/')[1]} ${a.id.replace(/<[^>]*>/, '<bucket>')}`);
    expect(files.sort()).toEqual(lambdaNames.filter((name) => needsOf(name).files)
      .map((name) => `Fn-${name} AwsSolutions-IAM5[Resource::<bucket>/shop/*/${needsOf(name).files!.prefix}/*]`).sort());
    expect(acks.map((a) => a.id).sort()).toEqual(
      // SMG4 twice: the Shopify secret (rotated in the Partner Dashboard) and the origin secret (rotated with a deploy)
      ['AwsSolutions-APIG4', 'AwsSolutions-CFR1', 'AwsSolutions-CFR4', 'AwsSolutions-SMG4', 'AwsSolutions-SMG4', ...wildcard.map((a) => a.id)].sort(),
    );
  });
});
