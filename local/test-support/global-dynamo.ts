import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { startDynamo } from '../services/dynamo';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

/** One DynamoDB Local per test run; every test file makes its own table on it. */
export default async function setup(project: TestProject) {
  const dynamo = await startDynamo();
  project.provide('dynamoEndpoint', dynamo.endpoint);
  return async () => { await dynamo.stop(); };
}
