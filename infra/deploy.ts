import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DescribeSecretCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { App } from 'aws-cdk-lib';
import { configFromContext, NO_INDEXES } from './lib/config';
import { originSecretName } from './lib/data';
import { indexSteps } from './lib/index-steps';
import { REPO_ROOT } from './lib/paths';

/**
 * `npm run deploy -- -c stage=prod -c ...`: `cdk deploy --all` with the given arguments, preceded by
 * one deploy per index when the release adds or drops several GSIs of an existing table
 * (lib/index-steps.ts), and pinning the origin secret's current version (`originSecretVersion`), so
 * that a deploy after a rotation gives CloudFront the new value. Every other argument goes to cdk as it is.
 */
const args = process.argv.slice(2);
const context: Record<string, string> = {};
for (let i = 0; i < args.length; i += 1) {
  const pair = args[i] === '-c' || args[i] === '--context' ? args[i + 1] : args[i]!.startsWith('--context=') ? args[i]!.slice(10) : undefined;
  if (pair?.includes('=')) context[pair.slice(0, pair.indexOf('='))] = pair.slice(pair.indexOf('=') + 1);
}
const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
const config = configFromContext(new App({ context: { ...cdkJson.context, ...context } }).node);
const prefix = `dakiya-${config.stage}`;
const tableName = prefix;

async function deployedIndexes(): Promise<string[] | undefined> {
  try {
    const { Table } = await new DynamoDBClient({ region: config.region }).send(new DescribeTableCommand({ TableName: tableName }));
    return (Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName!);
  } catch (error) {
    if ((error as { name?: string }).name === 'ResourceNotFoundException') return undefined;
    throw error;
  }
}

/** The version of the origin secret marked AWSCURRENT; undefined before the first deploy creates it. */
async function currentOriginVersion(): Promise<string | undefined> {
  try {
    const { VersionIdsToStages } = await new SecretsManagerClient({ region: config.region }).send(
      new DescribeSecretCommand({ SecretId: originSecretName(prefix) }),
    );
    return Object.entries(VersionIdsToStages ?? {}).find(([, stages]) => stages.includes('AWSCURRENT'))?.[0];
  } catch (error) {
    if ((error as { name?: string }).name === 'ResourceNotFoundException') return undefined;
    throw error;
  }
}

function cdkDeploy(extra: string[]): void {
  const cdk = join(REPO_ROOT, 'node_modules', '.bin', 'cdk');
  console.log(`\n▶ cdk deploy --all ${[...args, ...extra].join(' ')}`);
  const result = spawnSync(cdk, ['deploy', '--all', ...args, ...extra], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const originVersion = context.originSecretVersion ? undefined : await currentOriginVersion();
if (originVersion) args.push('-c', `originSecretVersion=${originVersion}`);

const deployed = await deployedIndexes();
const steps = indexSteps(deployed, config.tableIndexes);
if (steps.length) {
  console.log(`Table ${tableName} has [${deployed!.join(', ')}]; this release wants [${config.tableIndexes.join(', ')}]: ${steps.length + 1} deploys, one index each.`);
}
for (const step of steps) cdkDeploy(['-c', `tableIndexes=${step.length ? step.join(',') : NO_INDEXES}`]);
cdkDeploy([]);
