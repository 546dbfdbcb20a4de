import { readLocalConfig } from './config';
import type { SyncPassReport } from './sync-pass';

/**
 * `./dakiya sync`: one pass of the status sync now in the running local mode (every moving and
 * watched parcel of every paid shop asked of its courier simulator), printing what moved.
 */
const { ports } = readLocalConfig();
try {
  const res = await fetch(`http://127.0.0.1:${ports.gateway}/_local/sync`, { method: 'POST' });
  if (!res.ok) throw new Error(`answered ${res.status}`);
  const report = (await res.json()) as SyncPassReport;
  for (const move of report.moved) console.log(`${move.trackingNumber}  ${move.from} -> ${move.to}`);
  console.log(`status sync: ${report.accounts} accounts, ${report.asked} parcels asked, ${report.moved.length} moved, in ${report.ms} ms`);
} catch (error) {
  console.error(`Could not run the status sync: ${error instanceof Error ? error.message : String(error)}. Is ./dakiya start running (DAKIYA_PORT=${ports.gateway})?`);
  process.exit(1);
}
