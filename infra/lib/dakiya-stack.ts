import { Annotations, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { GROUPS } from '@dakiya/shared';
import { Api } from './api';
import { capabilitiesOf } from './capabilities';
import type { DakiyaConfig } from './config';
import { Data } from './data';
import { DakiyaFunction } from './dakiya-function';
import { grantEnqueue, grantKeyUse, grantReadSecret, grantSendMail, grantTableReadWrite, sesIdentityArn } from './grants';
import { FUNCTIONS_DIR, WEB_DIST_DIR, handlerExists } from './paths';
import { StatusSync } from './status-sync';
import { Web } from './web';

/**
 * Folders under functions/ that are Lambdas but not endpoint groups (no routes). Each is created
 * when its handler exists and wired below with one line.
 */
export const BACKGROUND_FUNCTIONS = ['sync'] as const;

export interface DakiyaStackProps extends StackProps {
  config: DakiyaConfig;
  /** Where the Lambda entries live; default the repository's functions/. */
  functionsDir?: string;
  /** The built SPA; default web/dist. */
  webDistDir?: string;
}

/**
 * The whole app for one stage: data (key, table, secret), the status-sync queues, one Lambda per
 * endpoint group behind an HTTP API built from the route table, and the SPA on S3 + CloudFront with
 * /api/* routed to the API.
 */
export class DakiyaStack extends Stack {
  readonly data: Data;
  readonly statusSync: StatusSync;
  readonly api: Api;
  readonly web: Web;
  /** Every Lambda by its functions/ folder name: the groups, then background functions. */
  readonly functions = new Map<string, DakiyaFunction>();

  constructor(scope: Construct, id: string, props: DakiyaStackProps) {
    super(scope, id, props);
    const { config } = props;
    const prefix = `dakiya-${config.stage}`;
    const functionsDir = props.functionsDir ?? FUNCTIONS_DIR;
    for (const warning of config.warnings) Annotations.of(this).addWarningV2('dakiya:config', warning);

    this.data = new Data(this, 'Data', { prefix, shopifyClientSecretName: config.shopifyClientSecretName });
    this.statusSync = new StatusSync(this, 'StatusSync', { prefix, syncEveryMinutes: config.syncEveryMinutes });

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

    const addFunction = (name: string, description: string, timeout?: Duration): DakiyaFunction => {
      const capabilities = capabilitiesOf(name);
      const environment = { ...commonEnv };
      if (capabilities.includes('enqueue')) environment.STATUS_QUEUE_URL = this.statusSync.queue.queueUrl;
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
        timeout,
      });
      grantTableReadWrite(fn.role, this.data.table, this.data.indexNames);
      grantKeyUse(fn.role, this.data.key);
      if (capabilities.includes('mail')) grantSendMail(fn.role, mailIdentityArn);
      if (capabilities.includes('enqueue')) grantEnqueue(fn.role, this.statusSync.queue);
      if (capabilities.includes('shopifySecret')) grantReadSecret(fn.role, this.data.shopifyClientSecret);
      this.functions.set(name, fn);
      return fn;
    };

    // One Lambda per endpoint group, one route per entry of the route table.
    const functionsByGroup = new Map(GROUPS.map((group) => [group as string, addFunction(group, `Dakiya API: ${group} routes`).fn]));
    this.api.addRoutes(functionsByGroup);

    // Background functions (BACKGROUND_FUNCTIONS): created when the handler exists, one line each.
    // The status worker, when it comes: `this.statusSync.addWorker(addFunction('<name>', ...).fn)`.
    if (handlerExists(functionsDir, 'sync')) {
      this.statusSync.scheduleSync(addFunction('sync', 'Dakiya: finds parcels still moving and enqueues them', Duration.minutes(1)).fn);
    }

    new CfnOutput(this, 'AppUrl', { value: this.web.appUrl, description: 'The app (SPA and /api/v1)' });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'ShopifyClientSecretArn', {
      value: this.data.shopifyClientSecret.secretArn,
      description: 'Put the Shopify client secret here (aws secretsmanager put-secret-value)',
    });
    new CfnOutput(this, 'DistributionId', { value: this.web.distribution.distributionId });
  }
}
