import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { startDynamo } from '../services/dynamo';
import { startSqs } from '../services/sqs';
import { onFreePort } from '../services/ports';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    sqsEndpoint: string;
  }
}

/** One DynamoDB Local and one fauxqs per test run; every test file makes its own table and queues on them. */
export default async function setup(project: TestProject) {
  const dynamo = await onFreePort((port) => startDynamo({ port }));
  const sqs = await onFreePort((port) => startSqs(port));
  project.provide('dynamoEndpoint', dynamo.endpoint);
  project.provide('sqsEndpoint', sqs.url);
  return async () => { await sqs.stop(); await dynamo.stop(); };
}
