import type { TestProject } from 'vitest/node';
import { readLocalConfig } from '../local/config';
import { seedDemo } from '../local/seed';
import { startStack } from '../local/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    inboxUrl: string;
    shopifyUrl: string;
    owner: { email: string; password: string };
    staff: { email: string; password: string };
  }
}

/** The whole local product, in memory on random ports, with the demo shop installed through OAuth. */
export default async function setup(project: TestProject) {
  const stack = await startStack({ config: readLocalConfig(), persistent: false, randomPorts: true, logLevel: 'ERROR' });
  try {
    const signIns = await seedDemo(stack);
    project.provide('appUrl', stack.appUrl);
    project.provide('inboxUrl', stack.inboxUrl);
    project.provide('shopifyUrl', stack.shopifyUrl);
    project.provide('owner', signIns.owner);
    project.provide('staff', signIns.staff);
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return async () => { await stack.stop(); };
}
