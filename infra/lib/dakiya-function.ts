import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { LambdaNeeds } from '@dakiya/shared';
import { acknowledge } from './nag';
import { LOCK_FILE, REPO_ROOT, handlerEntry, handlerExists } from './paths';

/** The newest Node.js runtime aws-cdk-lib knows (cdk-nag AwsSolutions-L1 wants the newest). */
export const FUNCTION_RUNTIME = lambda.Runtime.NODEJS_24_X;
export const FUNCTION_ARCHITECTURE = lambda.Architecture.ARM_64;

/**
 * Lambda sets these itself, and the local-only ones (emulator endpoints, the local stand-in for
 * KMS) must never reach AWS: passing any of them is a bug in the caller.
 */
const RESERVED_ENV = new Set([
  '_HANDLER', '_X_AMZN_TRACE_ID', 'AWS_REGION', 'AWS_DEFAULT_REGION', 'AWS_EXECUTION_ENV',
  'AWS_LAMBDA_FUNCTION_NAME', 'AWS_LAMBDA_FUNCTION_MEMORY_SIZE', 'AWS_LAMBDA_FUNCTION_VERSION',
  'AWS_LAMBDA_INITIALIZATION_TYPE', 'AWS_LAMBDA_LOG_GROUP_NAME', 'AWS_LAMBDA_LOG_STREAM_NAME',
  'AWS_ACCESS_KEY', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN',
  'AWS_LAMBDA_RUNTIME_API', 'LAMBDA_TASK_ROOT', 'LAMBDA_RUNTIME_DIR',
  'DYNAMO_ENDPOINT', 'SQS_ENDPOINT', 'SES_ENDPOINT', 'LOCAL_SECRET_KEY', 'ORIGIN_SECRET',
]);

/** ESM bundles still meet CommonJS dependencies that call `require`: give them one. */
const REQUIRE_BANNER =
  "import { createRequire as __dakiyaCreateRequire } from 'node:module'; const require = __dakiyaCreateRequire(import.meta.url);";

/** The Noto Naskh Arabic files the airway bills embed (functions/domain/labels/fonts.ts names them). */
const FONT_FILES = ['arabic-400', 'arabic-700', 'latin-400', 'latin-700'].map((f) => `noto-naskh-arabic-${f}-normal.woff`);
const fontHooks = {
  beforeBundling: () => [],
  beforeInstall: () => [],
  afterBundling: (inputDir: string, outputDir: string) => [
    `mkdir -p "${outputDir}/fonts"`,
    ...FONT_FILES.map((file) => `cp "${inputDir}/node_modules/@fontsource/noto-naskh-arabic/files/${file}" "${outputDir}/fonts/"`),
  ],
};

export interface DakiyaFunctionProps {
  /** The function's name: an endpoint group (`auth`) or a job row's name (`mail-send`). */
  name: string;
  /** The folder under functions/ holding its handler.ts; default `name` (job rows: `jobs/<name>`). */
  entry?: string;
  /** Resource-name prefix, e.g. `dakiya-dev`. */
  prefix: string;
  environment: Record<string, string>;
  logRetention: logs.RetentionDays;
  /** Where `<name>/handler.ts` lives; default the repository's functions/. */
  functionsDir: string;
  /** What the function touches (shared/src/needs.ts): its timeout and memory come from here. */
  needs: LambdaNeeds;
  /** Reserved concurrency (only when the stage turns `reserveConcurrency` on). */
  reservedConcurrency?: number;
  description?: string;
}

/** X-Ray's two write actions, which have no resource-level permissions. */
export const XRAY_ACTIONS = ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'] as const;

/**
 * Every Lambda of the app, with the defaults in one place (STYLE.md §6): Node.js 24 on arm64, bundled
 * by the locally installed esbuild (no Docker) as minified ESM with source maps, the AWS SDK left to
 * the runtime, its own log group with a retention, active X-Ray tracing, and its own role that starts
 * with nothing but writing to that log group. Permissions come from the helpers in grants.ts.
 */
export class DakiyaFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;
  readonly needs: LambdaNeeds;

  constructor(scope: Construct, id: string, props: DakiyaFunctionProps) {
    super(scope, id);
    this.needs = props.needs;
    const folder = props.entry ?? props.name;
    const entry = handlerEntry(props.functionsDir, folder);
    if (!handlerExists(props.functionsDir, folder)) {
      throw new Error(
        `Lambda "${props.name}" has no handler: expected functions/${folder}/handler.ts exporting \`handler\`. ` +
          'Every group in GROUPS (shared/src/routes.ts) and every row of the job table (shared/src/jobs.ts) needs one.',
      );
    }
    for (const key of Object.keys(props.environment)) {
      if (RESERVED_ENV.has(key)) throw new Error(`Lambda "${props.name}": environment variable ${key} is reserved or local-only`);
    }

    const functionName = `${props.prefix}-${props.name}`;
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      logGroupName: `/aws/lambda/${functionName}`,
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // Our own role instead of the default one: the default attaches the AWS managed
    // AWSLambdaBasicExecutionRole (logs on every log group), this one writes to its own group only.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs the ${functionName} Lambda`,
    });
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [this.logGroup.logGroupArn],
      }),
    );

    this.fn = new NodejsFunction(this, 'Function', {
      functionName,
      description: props.description,
      entry,
      handler: 'handler',
      runtime: FUNCTION_RUNTIME,
      architecture: FUNCTION_ARCHITECTURE,
      memorySize: props.needs.memoryMb,
      timeout: Duration.seconds(props.needs.timeoutSeconds),
      reservedConcurrentExecutions: props.reservedConcurrency,
      role: this.role,
      logGroup: this.logGroup,
      // Tracing is switched on below with its grant in a policy of its own, so that the one
      // wildcard resource (X-Ray has no resource-level permissions) is acknowledged there only.
      projectRoot: REPO_ROOT,
      depsLockFilePath: LOCK_FILE,
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
      bundling: {
        forceDockerBundling: false,
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        format: OutputFormat.ESM,
        target: 'node24',
        mainFields: ['module', 'main'],
        banner: REQUIRE_BANNER,
        // The Node.js runtimes ship AWS SDK v3; bundling it would only add cold-start weight.
        externalModules: ['@aws-sdk/*'],
        // functions/domain/labels/fonts.ts reads them from `fonts/` beside the bundle
        ...(props.needs.pdfFonts ? { commandHooks: fontHooks } : {}),
      },
    });

    (this.fn.node.defaultChild as lambda.CfnFunction).tracingConfig = { mode: lambda.Tracing.ACTIVE };
    const tracing = new iam.Policy(this, 'Tracing', {
      statements: [new iam.PolicyStatement({ actions: [...XRAY_ACTIONS], resources: ['*'] })],
    });
    this.role.attachInlinePolicy(tracing);
    acknowledge(
      tracing,
      'AwsSolutions-IAM5[Resource::*]',
      'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords have no resource-level permissions, so they are granted on "*" in this policy, which holds nothing else.',
    );
  }
}
