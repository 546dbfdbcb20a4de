import { Annotations, CfnOutput, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import {
  API_TIMEOUT_LIMIT_SECONDS, GROUPS, GROUP_NEEDS, jobDef, jobName, jobNeeds, queueJobIds, scheduledJobIds, type JobId, type LambdaNeeds,
} from '@dakiya/shared';
import { INDEXES } from '../../functions/adapters/dynamo/table';
import { Api } from './api';
import type { DakiyaConfig } from './config';
import { Data } from './data';
import { DakiyaFunction } from './dakiya-function';
import { Files } from './files';
import { grantNeeds, grantReadSecret, sesIdentityArn } from './grants';
import { Monitoring } from './monitoring';
import { JobQueues } from './jobs';
import { FUNCTIONS_DIR, WEB_DIST_DIR } from './paths';
import { Web } from './web';

/** The Lambdas of the job table, by function name: `mail-send` runs functions/jobs/mail-send/handler.ts. */
export const JOB_FUNCTIONS = [...queueJobIds, ...scheduledJobIds].map(jobName);

/** AWS keeps this much of an account's Lambda concurrency unreserved. */
export const UNRESERVED_MINIMUM = 100;

export interface DakiyaStackProps extends StackProps {
  config: DakiyaConfig;
  /** The WAF web ACL of the edge stack; unset when the stage runs without WAF. */
  webAclArn?: string;
  /** Where the Lambda entries live; default the repository's functions/. */
  functionsDir?: string;
  /** The built SPA; default web/dist. */
  webDistDir?: string;
}

/** The reserved concurrency of every API group, checked against the account's quota. */
export function reservations(config: Pick<DakiyaConfig, 'reserveConcurrency' | 'accountConcurrency'>): Map<string, number> {
  const reserved = new Map<string, number>();
  if (!config.reserveConcurrency) return reserved;
  for (const group of GROUPS) {
    const n = GROUP_NEEDS[group].reservedConcurrency;
    if (n) reserved.set(group, n);
  }
  const total = [...reserved.values()].reduce((a, b) => a + b, 0);
  if (total > config.accountConcurrency - UNRESERVED_MINIMUM) {
    throw new Error(
      `reserveConcurrency: the API groups reserve ${total}, but an account with a quota of ${config.accountConcurrency} ` +
        `can reserve at most ${config.accountConcurrency - UNRESERVED_MINIMUM} (AWS keeps ${UNRESERVED_MINIMUM} unreserved). ` +
        'Ask AWS for a higher Lambda concurrency quota and set -c accountConcurrency=<new quota>, or leave reserveConcurrency off.',
    );
  }
  return reserved;
}

/**
 * The whole app for one stage: data (key, table, secret), one Lambda per endpoint group behind an
 * HTTP API built from the route table, the job table's queues, workers and schedules, the SPA on
 * S3 + CloudFront with /api/* routed to the API, and the alarms, dashboard and budget that watch them.
 */
export class DakiyaStack extends Stack {
  readonly data: Data;
  readonly jobs: JobQueues;
  readonly api: Api;
  readonly web: Web;
  readonly files: Files;
  readonly monitoring: Monitoring;
  /** Every Lambda by name: the groups, then the job table's rows. */
  readonly functions = new Map<string, DakiyaFunction>();

  constructor(scope: Construct, id: string, props: DakiyaStackProps) {
    super(scope, id, props);
    const { config } = props;
    const prefix = `dakiya-${config.stage}`;
    const functionsDir = props.functionsDir ?? FUNCTIONS_DIR;
    for (const warning of config.warnings) Annotations.of(this).addWarningV2('dakiya:config', warning);

    this.data = new Data(this, 'Data', {
      prefix,
      shopifyClientSecretName: config.shopifyClientSecretName,
      indexes: INDEXES.filter((index) => config.tableIndexes.includes(index.name)),
    });
    this.jobs = new JobQueues(this, 'Jobs', { prefix });

    // API and CloudFront come first: the functions need the app URL (the CloudFront domain in front
    // of the API); the routes are added once the functions exist.
    this.api = new Api(this, 'Api', {
      prefix,
      rateLimit: config.apiRateLimit,
      burstLimit: config.apiBurstLimit,
      logRetention: config.logRetention,
    });
    this.web = new Web(this, 'Web', {
      prefix,
      httpApi: this.api.httpApi,
      distDir: props.webDistDir ?? WEB_DIST_DIR,
      domainName: config.domainName,
      certificateArn: config.certificateArn,
      webAclArn: props.webAclArn,
      logRetention: config.logRetention,
      // resolved by CloudFormation at deploy time: the value never appears in the template
      originHeaderValue: SecretValue.secretsManager(this.data.originSecret.secretArn, {
        jsonField: 'current',
        versionId: config.originSecretVersion,
      }).unsafeUnwrap(),
    });

    this.files = new Files(this, 'Files', { logsBucket: this.web.logsBucket });

    const mailFromAddress = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom;
    const grantTargets = {
      table: this.data.table,
      indexNames: this.data.indexNames,
      key: this.data.key,
      mailIdentityArn: sesIdentityArn(this, config.mailDomain),
      mailFromAddress,
      shopifyClientSecret: this.data.shopifyClientSecret,
      queues: this.jobs.queues,
      files: this.files.bucket,
    };
    const commonEnv: Record<string, string> = {
      TABLE_NAME: this.data.table.tableName,
      KMS_KEY_ID: this.data.key.keyArn,
      MAIL_FROM: config.mailFrom,
      APP_URL: this.web.appUrl,
      SUPPORT_EMAIL: config.supportEmail,
      SHOPIFY_CLIENT_ID: config.shopifyClientId,
      SHOPIFY_API_VERSION: config.shopifyApiVersion,
      LOG_LEVEL: config.logLevel,
    };
    const reserved = reservations(config);

    /** An API group's function (entry `{name}/handler.ts`) or a job's (`jobs/{name}/handler.ts`). */
    const addFunction = (name: string, needs: LambdaNeeds, description: string, kind: 'api' | 'job'): DakiyaFunction => {
      const api = kind === 'api';
      const entry = api ? undefined : `jobs/${name}`;
      const environment = { ...commonEnv };
      // every API function checks the origin header first; jobs are not called over HTTP
      if (api) environment.ORIGIN_SECRET_ARN = this.data.originSecret.secretArn;
      if (needs.enqueue?.length) {
        environment.JOB_QUEUE_URLS = this.toJsonString(Object.fromEntries(needs.enqueue.map((job) => [job, this.jobs.queue(job).queueUrl])));
      }
      if (needs.files) environment.FILES_BUCKET = this.files.bucket.bucketName;
      if (needs.shopifySecret) environment.SHOPIFY_CLIENT_SECRET_ARN = this.data.shopifyClientSecret.secretArn;
      const fn = new DakiyaFunction(this, `Fn-${name}`, {
        name,
        entry,
        prefix,
        environment,
        logRetention: config.logRetention,
        functionsDir,
        description,
        needs,
        reservedConcurrency: reserved.get(name),
      });
      grantNeeds(name, fn.role, needs, grantTargets);
      if (api) grantReadSecret(fn.role, this.data.originSecret);
      this.functions.set(name, fn);
      return fn;
    };

    // One Lambda per endpoint group, one route per entry of the route table.
    const functionsByGroup = new Map(
      GROUPS.map((group) => {
        const needs = GROUP_NEEDS[group];
        if (needs.timeoutSeconds > API_TIMEOUT_LIMIT_SECONDS) {
          throw new Error(`group "${group}" has a ${needs.timeoutSeconds} s timeout, but API Gateway gives up after 30 s: keep it at ${API_TIMEOUT_LIMIT_SECONDS} or less`);
        }
        return [group as string, addFunction(group, needs, `Dakiya API: ${group} routes`, 'api').fn];
      }),
    );
    this.api.addRoutes(functionsByGroup);

    // The job table: a worker per queue row, fed by its queue; a function per scheduled row, run by its rule.
    const jobFunction = (job: JobId) =>
      addFunction(jobName(job), jobNeeds(job), `Dakiya job ${job}: ${jobDef(job).description}`.slice(0, 256), 'job').fn;
    for (const job of queueJobIds) this.jobs.addWorker(job, jobFunction(job));
    for (const job of scheduledJobIds) this.jobs.schedule(job, jobFunction(job));

    this.monitoring = new Monitoring(this, 'Monitoring', {
      prefix,
      alarmEmail: config.alarmEmail,
      monthlyBudgetUsd: config.monthlyBudgetUsd,
      apiLatencyAlarmMs: config.apiLatencyAlarmMs,
      functions: this.functions,
      httpApi: this.api.httpApi,
      table: this.data.table,
      queues: this.jobs.watches(),
    });

    new CfnOutput(this, 'AppUrl', { value: this.web.appUrl, description: 'The app (SPA and /api/v1)' });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'ShopifyClientSecretArn', {
      value: this.data.shopifyClientSecret.secretArn,
      description: 'Put the Shopify client secret here (aws secretsmanager put-secret-value)',
    });
    new CfnOutput(this, 'DistributionId', { value: this.web.distribution.distributionId });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.monitoring.topic.topicArn });
    new CfnOutput(this, 'DashboardUrl', {
      value: `https://${this.region}.console.aws.amazon.com/cloudwatch/home?region=${this.region}#dashboards:name=${this.monitoring.dashboard.dashboardName}`,
    });
  }
}
