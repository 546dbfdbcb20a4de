import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Duration, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct, type IConstruct } from 'constructs';
import { rules } from 'cdk-nag';
import { API_BASE, ORIGIN_HEADER, pages, routes } from '@dakiya/shared';
import { acknowledge } from './nag';

export interface WebProps {
  prefix: string;
  httpApi: apigwv2.IHttpApi;
  /** The built SPA (web/dist). Missing at synth: no deployment, and a warning. */
  distDir: string;
  domainName?: string;
  certificateArn?: string;
  /** The WAF web ACL (us-east-1) in front of the distribution; unset: `waf` is off for this stage. */
  webAclArn?: string;
  logRetention: logs.RetentionDays;
  /** Sent to the API in the origin header (a Secrets Manager dynamic reference): the API refuses requests without it. */
  originHeaderValue: string;
}

/** The path the CloudFront behaviour sends to the HTTP API. */
export const API_PATH_PATTERN = '/api/*';
/**
 * The Shopify launch: an embedded launch answers a page that must render inside Shopify's admin
 * before it breaks out of the iframe, and that page sets its own CSP (frame-ancestors: the admin only).
 */
export const LAUNCH_PATH_PATTERN = `${API_BASE}${routes['shopify.install'].path}*`;
/** The public tracking page, rendered by the tracking function (shared/src/pages.ts). */
export const TRACK_PATH_PATTERN = pages['tracking.page'].pattern;
/**
 * How long the edge may keep a tracking page: what the function's Cache-Control says (a minute),
 * never more than five. Only `lang` is in the key: a parcel's page is the same for everyone.
 */
export const TRACK_PAGE_TTL = { default: Duration.seconds(60), max: Duration.minutes(5) };

/** Vite's content-hashed build output: a file here never changes under its name. */
export const ASSETS_PATH_PATTERN = '/assets/*';

/** Hashed assets: cached by browsers and CloudFront for a year, never revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the other unhashed files: always revalidated, so a deploy is seen at once. */
export const REVALIDATE = 'no-cache';

/**
 * Client-side routes of the SPA (`/orders/123`, no file extension) are rewritten to /index.html on
 * the S3 behaviour only. Distribution-wide custom error responses would also rewrite the API's own
 * 403/404 answers into index.html, which is why the SPA fallback is a viewer-request function.
 */
export const SPA_REWRITE = `
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}
`;

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Chakra UI (emotion) injects style elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The SPA on S3 behind CloudFront (Origin Access Control), and /api/* forwarded to the HTTP API on
 * the same domain, uncached, with every viewer header except Host.
 */
export class Web extends Construct {
  readonly bucket: s3.Bucket;
  readonly logsBucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** The origin the app is served from: `https://{domain}`. */
  readonly appUrl: string;
  /** index.html and the other unhashed files (no-cache, pruned except assets/). */
  readonly deployment?: s3deploy.BucketDeployment;
  /** assets/ (immutable for a year, never pruned). */
  readonly assetsDeployment?: s3deploy.BucketDeployment;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);

    // S3 server access logs of the SPA bucket and CloudFront standard logs. CloudFront's legacy log
    // delivery writes with an ACL, hence BUCKET_OWNER_PREFERRED.
    this.logsBucket = new s3.Bucket(this, 'AccessLogs', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.bucket = new s3.Bucket(this, 'Spa', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 's3/spa/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      responseHeadersPolicyName: `${props.prefix}-security-headers`,
      comment: 'Dakiya: HSTS, CSP, no framing, no sniffing, strict referrer',
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365),
          includeSubdomains: true,
          preload: false,
          override: true,
        },
        contentSecurityPolicy: { contentSecurityPolicy: CONTENT_SECURITY_POLICY, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        xssProtection: { protection: true, modeBlock: true, override: true },
      },
    });

    // Same headers except the two that forbid framing: the launch page's own CSP says who may frame it.
    const launchHeaders = new cloudfront.ResponseHeadersPolicy(this, 'LaunchHeaders', {
      responseHeadersPolicyName: `${props.prefix}-launch-headers`,
      comment: 'Dakiya: the Shopify launch page keeps its own CSP (framed by the Shopify admin only)',
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, preload: false, override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });

    // The tracking page sends its own CSP (its one inline style by hash, no script): CloudFront adds
    // the rest of the dashboard's headers and leaves that one alone.
    const trackHeaders = new cloudfront.ResponseHeadersPolicy(this, 'TrackHeaders', {
      responseHeadersPolicyName: `${props.prefix}-track-headers`,
      comment: 'Dakiya: the public tracking page keeps its own CSP (a hashed style, no script)',
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, preload: false, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.NO_REFERRER, override: true },
      },
    });
    const trackCache = new cloudfront.CachePolicy(this, 'TrackPagePolicy', {
      cachePolicyName: `${props.prefix}-track-page`,
      comment: 'Dakiya: the public tracking page, a minute at the edge (the function says how long)',
      minTtl: Duration.seconds(0),
      defaultTtl: TRACK_PAGE_TTL.default,
      maxTtl: TRACK_PAGE_TTL.max,
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.allowList('lang'),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      functionName: `${props.prefix}-spa-rewrite`,
      comment: 'Client-side routes to /index.html (S3 behaviour only)',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE),
    });

    // https://{apiId}.execute-api.{region}.amazonaws.com -> the host name.
    const apiHost = Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint));

    // index.html and the other unhashed files: CloudFront keeps them only as long as the origin's
    // Cache-Control says (no-cache: revalidate every time); hashed assets get their own behaviour.
    const revalidate = new cloudfront.CachePolicy(this, 'RevalidatePolicy', {
      cachePolicyName: `${props.prefix}-revalidate`,
      comment: 'Dakiya: honour the origin Cache-Control (index.html is no-cache)',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.days(1),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const spaOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.bucket);

    const apiBehaviour = {
      origin: new origins.HttpOrigin(apiHost, {
        protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
        // the execute-api endpoint is public: this header is how the functions know CloudFront sent the request
        customHeaders: { [ORIGIN_HEADER]: props.originHeaderValue },
      }),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    };

    const customDomain = props.domainName && props.certificateArn
      ? {
          domainNames: [props.domainName],
          certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn),
          minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
        }
      : {};

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `${props.prefix}: SPA and /api`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_200,
      enableLogging: true,
      logBucket: this.logsBucket,
      logFilePrefix: 'cloudfront/',
      ...customDomain,
      webAclId: props.webAclArn,
      defaultBehavior: {
        origin: spaOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: revalidate,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        [ASSETS_PATH_PATTERN]: {
          origin: spaOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: securityHeaders,
          compress: true,
        },
        // the function's page, kept a minute at the edge and compressed there; GET and HEAD only
        [TRACK_PATH_PATTERN]: {
          ...apiBehaviour,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: trackCache,
          responseHeadersPolicy: trackHeaders,
          compress: true,
        },
        // before /api/*: CloudFront takes the first pattern that matches
        [LAUNCH_PATH_PATTERN]: { ...apiBehaviour, responseHeadersPolicy: launchHeaders },
        [API_PATH_PATTERN]: { ...apiBehaviour, responseHeadersPolicy: securityHeaders },
      },
    });
    this.appUrl = `https://${props.domainName ?? this.distribution.distributionDomainName}`;

    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      'No geo restriction: Shopify calls the OAuth and webhook routes under /api from outside Pakistan, and consignees may track parcels from abroad.',
    );
    if (!props.webAclArn) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR2',
        'This stage runs with context waf=false (a web ACL with its rules costs about 12 USD a month before requests). Nothing then limits one client at the edge: the API Gateway stage throttle counts all callers together, so per-client limits are only the app\'s own (sign-in per account and per address, two-factor and link guesses) stored in DynamoDB. Production stages keep waf on.',
      );
    }
    if (!props.domainName) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR4',
        'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose minimum TLS version cannot be set; with context domainName/certificateArn it uses TLSv1.2_2021.',
      );
    }

    if (existsSync(join(props.distDir, 'index.html'))) {
      // One upload, two copies with different headers. Hashed assets first and never pruned, so a
      // tab still running the previous build can load its lazy chunks; then index.html and the
      // other unhashed files, pruned except for assets/, and index.html invalidated.
      const source = s3deploy.Source.asset(props.distDir);
      const logGroup = new logs.LogGroup(this, 'DeployLogs', {
        retention: props.logRetention,
        removalPolicy: RemovalPolicy.DESTROY,
      });
      this.assetsDeployment = new s3deploy.BucketDeployment(this, 'DeployAssets', {
        sources: [source],
        destinationBucket: this.bucket,
        exclude: ['*'],
        include: ['assets/*'],
        prune: false,
        cacheControl: [s3deploy.CacheControl.fromString(IMMUTABLE)],
        memoryLimit: 512,
        logGroup,
      });
      this.deployment = new s3deploy.BucketDeployment(this, 'Deploy', {
        sources: [source],
        destinationBucket: this.bucket,
        exclude: ['assets/*'],
        prune: true,
        cacheControl: [s3deploy.CacheControl.fromString(REVALIDATE)],
        distribution: this.distribution,
        distributionPaths: ['/index.html'],
        memoryLimit: 512,
        logGroup,
      });
      this.deployment.node.addDependency(this.assetsDeployment);
      acknowledgeDeploymentProvider(this);
    } else {
      Annotations.of(this).addWarningV2(
        'dakiya:web-dist-missing',
        'web/dist/index.html not found: the SPA is not deployed by this synth (run `npm run build:web` before `cdk deploy`). The bucket keeps whatever it held.',
      );
    }
  }
}

/**
 * BucketDeployment runs a CDK-owned singleton Lambda (a Python runtime CDK picks, the AWS managed
 * basic-execution policy, and the S3/CloudFront grants CDK writes). It only runs during deployments,
 * and none of that is ours to change. Its wildcard findings are listed from the policy itself and
 * each is acknowledged; anything other than S3 access and the CloudFront invalidation is refused.
 */
function acknowledgeDeploymentProvider(scope: Construct): void {
  const stack = Stack.of(scope);
  const provider = stack.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
  if (!provider) throw new Error('BucketDeployment provider not found: CDK changed how it names it');
  acknowledge(provider, 'AwsSolutions-L1', 'CDK-owned BucketDeployment provider: CDK chooses and updates its Python runtime; it runs only during deployments.');
  acknowledge(
    provider,
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    'CDK-owned BucketDeployment provider: CDK attaches the basic execution policy (its own logs) to the role it creates.',
  );
  const policies = provider.node.findAll().filter((c: IConstruct): c is iam.CfnPolicy => c instanceof iam.CfnPolicy);
  for (const policy of policies) {
    const findings = rules.iam.IAMNoWildcardPermissions(policy);
    if (!Array.isArray(findings)) continue;
    for (const finding of findings) {
      const expected =
        /^Action::s3:[A-Za-z]+\*$/.test(finding) || finding === 'Resource::*' || /^Resource::.+\/\*$/.test(finding);
      if (!expected) throw new Error(`unexpected wildcard on the BucketDeployment provider: ${finding}`);
      acknowledge(
        provider,
        `AwsSolutions-IAM5[${finding}]`,
        'CDK-owned BucketDeployment provider: it copies the SPA asset from the CDK assets bucket into the SPA bucket (S3 read/write on those two buckets) and invalidates CloudFront (cloudfront:CreateInvalidation has no resource-level permission).',
      );
    }
  }
}
