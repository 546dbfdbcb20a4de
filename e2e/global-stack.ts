import type { TestProject } from 'vitest/node';
import { readLocalConfig } from '../local/config';
import { installShop, seedDemo } from '../local/seed';
import { startStack } from '../local/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    inboxUrl: string;
    shopifyUrl: string;
    owner: { email: string; password: string };
    staff: { email: string; password: string };
    paidOwner: { email: string; password: string };
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
    // a second shop on the Monthly plan for paid features (two-factor); billing sets plans in a later capability
    const paid = { shop: 'dakiya-paid.myshopify.com', name: 'Pindi Paper Co', email: 'owner@dakiya-paid.pk', password: 'Paid-owner-2026', orders: 20 };
    const { shop } = await installShop(stack, paid);
    await stack.deps.shops.update(shop._id, { plan: 'MONTHLY' });
    project.provide('paidOwner', { email: paid.email, password: paid.password });
    project.provide('inboxUrl', stack.inboxUrl);
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return async () => { await stack.stop(); };
}
