import { scheduledJobIds } from '@dakiya/shared';
import { readLocalConfig } from './config';

/**
 * `./dakiya job <row>`: runs a scheduled row of the job table now in the running local mode, as its
 * EventBridge rule would (the local poller otherwise runs it on its timer).
 */
const job = process.argv[2];
if (!job || !(scheduledJobIds as string[]).includes(job)) {
  console.error(`usage: ./dakiya job <row>   (scheduled rows: ${scheduledJobIds.join(', ')})`);
  process.exit(2);
}
const { ports } = readLocalConfig();
try {
  const res = await fetch(`http://127.0.0.1:${ports.gateway}/_local/jobs/${job}`, { method: 'POST' });
  const body = (await res.json()) as { ms?: number; error?: string };
  if (!res.ok) throw new Error(body.error ?? `answered ${res.status}`);
  console.log(`${job} ran in ${body.ms} ms`);
} catch (error) {
  console.error(`Could not run ${job}: ${error instanceof Error ? error.message : String(error)}. Is ./dakiya start running (DAKIYA_PORT=${ports.gateway})?`);
  process.exit(1);
}
