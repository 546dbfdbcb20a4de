import type { TestProject } from 'vitest/node';
import { readLocalConfig } from '../local/config';
import { installShop, seedDemo, subscribeThroughApproval } from '../local/seed';
import { FILES_BUCKET, startStack, TABLE_NAME } from '../local/stack';
import { apiClient } from '../local/api-client';
import { waitForLink } from '../local/services/ses';

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    inboxUrl: string;
    shopifyUrl: string;
    /** Each courier simulator's origin (its `/_sim/` control API), by courier id. */
    courierUrls: Record<string, string>;
    /** The local table, for flows that set up a state no screen reaches quickly (a month's usage at the free limit). */
    table: { endpoint: string; name: string };
    /** The files bucket on fauxqs's S3, for a flow that removes a file as the bucket's lifecycle would. */
    files: { endpoint: string; bucket: string };
    owner: { email: string; password: string };
    staff: { email: string; password: string };
    /** The owner of the demo's free shop (dakiya-free), which stays on the free plan. */
    freeOwner: { email: string; password: string };
    paidOwner: { email: string; password: string };
    /** A second ADMIN of the paid shop, never given two-factor: tests set up paid-shop cases through it. */
    paidAdmin: { email: string; password: string };
  }
}

/** The whole local product, in memory on random ports, with the demo shop installed through OAuth. */
export default async function setup(project: TestProject) {
  // every flow signs in from 127.0.0.1: hundreds of people behind one address, more than the default allows
  const stack = await startStack({
    config: readLocalConfig(), persistent: false, randomPorts: true, logLevel: 'ERROR',
    // the support address is a deploy setting: this stack's own proves the page reads it from the server
    env: { SIGN_IN_LIMIT_PER_ADDRESS: '5000', SUPPORT_EMAIL: 'support@dakiya-e2e.pk' },
  });
  try {
    const signIns = await seedDemo(stack);
    project.provide('appUrl', stack.appUrl);
    project.provide('inboxUrl', stack.inboxUrl);
    project.provide('shopifyUrl', stack.shopifyUrl);
    project.provide('table', { endpoint: stack.dynamoEndpoint, name: TABLE_NAME });
    project.provide('files', { endpoint: stack.sqsUrl, bucket: FILES_BUCKET });
    project.provide('courierUrls', Object.fromEntries(Object.entries(stack.couriers.urls).map(([id, urls]) => [id, new URL(urls.api).origin])));
    project.provide('owner', signIns.owner);
    project.provide('staff', signIns.staff);
    project.provide('freeOwner', signIns.freeOwner);
    // a second shop on the Monthly plan for paid features (two-factor), approved on the simulator's charge page
    const paid = { shop: 'dakiya-paid.myshopify.com', name: 'Pindi Paper Co', email: 'owner@dakiya-paid.pk', password: 'Paid-owner-2026', orders: 20 };
    await installShop(stack, paid);
    await subscribeThroughApproval(stack, paid, 'MONTHLY');
    project.provide('paidOwner', { email: paid.email, password: paid.password });
    // the owner of the paid shop turns two-factor on in a flow; set-up through this admin needs no code
    const paidAdmin = { email: 'ops@dakiya-paid.pk', password: 'Paid-admin-2026' };
    const api = apiClient(stack.appUrl);
    const since = Math.floor(Date.now() / 1000) - 1;
    const { auth_token } = await api.call('auth.login', { body: { email: paid.email, password: paid.password } });
    await api.call('users.create', {
      token: auth_token,
      body: { first_name: 'Sara', last_name: 'Ops', email: paidAdmin.email, password: paidAdmin.password, tag: 'ops', role: 'ADMIN', access_scopes: [] },
    });
    const verify = await waitForLink(stack.inboxUrl, paidAdmin.email, 'email-verify', { since });
    await api.call('auth.verifyEmail', { body: { token: verify.searchParams.get('token') ?? '' } });
    project.provide('paidAdmin', paidAdmin);
    project.provide('inboxUrl', stack.inboxUrl);
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return async () => { await stack.stop(); };
}
