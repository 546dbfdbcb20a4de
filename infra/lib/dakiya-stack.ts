import { Annotations, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { GROUPS, jobDef, jobName, queueJobIds, scheduledJobIds, type JobId } from '@dakiya/shared';
import { Api } from './api';
import { capabilitiesOf, enqueuesOf } from './capabilities';
import type { DakiyaConfig } from './config';
import { Data } from './data';
import { DakiyaFunction } from './dakiya-function';
import { grantEnqueue, grantKeyUse, grantReadSecret, grantSendMail, grantTableReadWrite, sesIdentityArn } from './grants';
import { FUNCTIONS_DIR, WEB_DIST_DIR } from './paths';
import { JobQueues } from './jobs';
import { Web } from './web';

/** The Lambdas of the job table, by function name: `mail-send` runs functions/jobs/mail-send/handler.ts. */
export const JOB_FUNCTIONS = [...queueJobIds, ...scheduledJobIds].map(jobName);

export interface DakiyaStackProps extends StackProps {
  config: DakiyaConfig;
  /** Where the Lambda entries live; default the repository's functions/. */
  functionsDir?: string;
  /** The built SPA; default web/dist. */
  webDistDir?: string;
}

/**
 * The whole app for one stage: data (key, table, secret), one Lambda per endpoint group behind an
 * HTTP API built from the route table, the job table's queues, workers and schedules, and the SPA on
 * S3 + CloudFront with /api/* routed to the API.
 */
export class DakiyaStack extends Stack {
  readonly data: Data;
  readonly jobs: JobQueues;
  readonly api: Api;
  readonly web: Web;
  /** Every Lambda by name: the groups, then the job table's rows. */
  readonly functions = new Map<string, DakiyaFunction>();

  constructor(scope: Construct, id: string, props: DakiyaStackProps) {
    super(scope, id, props);
    const { config } = props;
    const prefix = `dakiya-${config.stage}`;
    const functionsDir = props.functionsDir ?? FUNCTIONS_DIR;
    for (const warning of config.warnings) Annotations.of(this).addWarningV2('dakiya:config', warning);

    this.data = new Data(this, 'Data', { prefix, shopifyClientSecretName: config.shopifyClientSecretName });
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
    });

    const mailIdentityArn = sesIdentityArn(this, config.mailDomain);
    const commonEnv: Record<string, string> = {
      TABLE_NAME: this.data.table.tableName,
      KMS_KEY_ID: this.data.key.keyArn,
      MAIL_FROM: config.mailFrom,
      APP_URL: this.web.appUrl,
      SHOPIFY_CLIENT_ID: config.shopifyClientId,
      SHOPIFY_API_VERSION: config.shopifyApiVersion,
      LOG_LEVEL: config.logLevel,
    };

    const addFunction = (name: string, description: string, opts: { timeout?: Duration; entry?: string; memorySize?: number } = {}): DakiyaFunction => {
      const capabilities = capabilitiesOf(name);
      const environment = { ...commonEnv };
      const enqueues = enqueuesOf(name);
      if (enqueues.length) {
        environment.JOB_QUEUE_URLS = this.toJsonString(Object.fromEntries(enqueues.map((job) => [job, this.jobs.queue(job).queueUrl])));
      }
      if (capabilities.includes('shopifySecret')) {
        environment.SHOPIFY_CLIENT_SECRET_ARN = this.data.shopifyClientSecret.secretArn;
      }
      const fn = new DakiyaFunction(this, `Fn-${name}`, {
        name,
        prefix,
        environment,
        logRetention: config.logRetention,
        functionsDir,
        description,
        ...opts,
      });
      grantTableReadWrite(fn.role, this.data.table, this.data.indexNames);
      grantKeyUse(fn.role, this.data.key);
      if (capabilities.includes('mail')) grantSendMail(fn.role, mailIdentityArn);
      grantEnqueue(fn.role, enqueues.map((job) => this.jobs.queue(job)));
      if (capabilities.includes('shopifySecret')) grantReadSecret(fn.role, this.data.shopifyClientSecret);
      this.functions.set(name, fn);
      return fn;
    };

    // One Lambda per endpoint group, one route per entry of the route table.
    const functionsByGroup = new Map(GROUPS.map((group) => [group as string, addFunction(group, `Dakiya API: ${group} routes`).fn]));
    this.api.addRoutes(functionsByGroup);

    // The job table: a worker per queue row, fed by its queue; a function per scheduled row, run by its rule.
    const jobFunction = (job: JobId) => {
      const def = jobDef(job);
      return addFunction(jobName(job), `Dakiya job ${job}: ${def.description}`.slice(0, 256), {
        entry: `jobs/${jobName(job)}`, timeout: Duration.seconds(def.timeoutSeconds), memorySize: def.memoryMb,
      }).fn;
    };
    for (const job of queueJobIds) this.jobs.addWorker(job, jobFunction(job));
    for (const job of scheduledJobIds) this.jobs.schedule(job, jobFunction(job));

    new CfnOutput(this, 'AppUrl', { value: this.web.appUrl, description: 'The app (SPA and /api/v1)' });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'ShopifyClientSecretArn', {
      value: this.data.shopifyClientSecret.secretArn,
      description: 'Put the Shopify client secret here (aws secretsmanager put-secret-value)',
    });
    new CfnOutput(this, 'DistributionId', { value: this.web.distribution.distributionId });
  }
}
