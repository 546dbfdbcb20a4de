import path from 'node:path';
import { readLocalConfig } from './config';
import { seedDemo } from './seed';
import { startStack } from './stack';
import { wireLeopardPushes } from './status-push';

/** `./dakiya start`: the whole product on 127.0.0.1, data kept on disk between runs. */
const config = readLocalConfig();
console.log('Starting Dakiya in local mode...');
const stack = await startStack({ config, persistent: true, logLevel: 'WARN', syncEveryMinutes: config.syncEveryMinutes });
let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping every local service...');
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

try {
  const signIns = await seedDemo(stack, { history: { bookings: config.demo.bookings, days: 120 } });
  // Leopards pushes its parcels' moves to the demo shop's account, as it would once given the address
  await wireLeopardPushes(stack.appUrl, stack.couriers, [signIns.owner]);
  const line = '─'.repeat(64);
  console.log(`
${line}
 Dakiya is running${signIns.firstStart ? ' (demo shop installed)' : ''}

 Dashboard      ${stack.appUrl}/login
 Owner (ADMIN)  ${signIns.owner.email}  /  ${signIns.owner.password}   (Monthly plan)
 Staff (USER)   ${signIns.staff.email}  /  ${signIns.staff.password}
 Free shop      ${signIns.freeOwner.email}  /  ${signIns.freeOwner.password}   (${config.demo.freeShop.shop}, free plan)

 Email inbox    ${stack.inboxUrl}/
 Shopify sim    ${stack.shopifyUrl}   (demo shop ${config.demo.shop})
 DynamoDB Local ${stack.dynamoEndpoint}   (data in ${path.relative(process.cwd(), config.dataDir) || "."})
 SQS (fauxqs)   ${stack.sqsUrl}
 Couriers       ${Object.entries(stack.couriers.sims).map(([id, sim]) => `${id.padEnd(8)}${sim.url}`).join('\n                ')}
                (Leopards pushes its parcels' moves to the demo shop: they move with no poll)

 Press Ctrl-C to stop everything.
${line}`);
} catch (error) {
  console.error('Local mode could not start:', error);
  await stack.stop();
  process.exit(1);
}
