import fs from 'node:fs';
import path from 'node:path';
import { apiClient } from '../local/api-client';
import { ROOT, readLocalConfig } from '../local/config';
import { seedDemo } from '../local/seed';
import { startStack } from '../local/stack';
import { meterCapacity } from './capacity';
import { benchBooking } from './booking';

/** `npx tsx bench/booking-only.ts`: the booking part of `./dakiya bench` alone (bench/report-booking.md). */
const stack = await startStack({ config: readLocalConfig(), persistent: false, randomPorts: true, logLevel: 'ERROR' });
try {
  const signIns = await seedDemo(stack);
  const api = apiClient(stack.appUrl);
  const token = (await api.call('auth.login', { body: signIns.owner })).auth_token;
  const lines = await benchBooking(stack, api, token, meterCapacity(stack.db));
  fs.writeFileSync(path.join(ROOT, 'bench', 'report-booking.md'), ['# Dakiya booking benchmark', '', `Run ${new Date().toISOString()} on Node ${process.version}.`, '', ...lines].join('\n'));
  console.log(lines.join('\n'));
} finally {
  await stack.stop();
}
