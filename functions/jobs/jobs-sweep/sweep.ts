import { queueJobIds } from '@dakiya/shared';
import type { Deps } from '../../domain/ports/deps';
import type { Log } from '../../ground/log';
import type { ScheduledWorker } from '../../platform/job-chain';

/** Records re-sent per job and run: a bounded run; what is left waits for the next one. */
const PER_JOB = 500;

/**
 * The job record is the truth and the SQS message only a pointer, so a message lost on the way (a
 * send that failed, an emulator restart) leaves a pending record whose sweep time passes. This run
 * sends those again; the record's claim makes a duplicate harmless.
 */
export const sweepJobs: ScheduledWorker = async (ctx, deps) => {
  await resendOverdue(deps, ctx.log, ctx.now.getTime(), ctx.now);
};

/** Sends again every pending record due by `until` (epoch ms); answers how many per job. */
export async function resendOverdue(deps: Deps, log: Log, until: number, now: Date): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const job of queueJobIds) {
    if (!deps.jobs.canSend(job)) {
      log.warn('sweep cannot send this job: no queue URL', { sweptJob: job });
      continue;
    }
    let sent = 0;
    for (const record of await deps.jobRecords.overdue(job, until, PER_JOB)) {
      try {
        if (await deps.jobs.resend(record, now)) sent++;
      } catch (error) {
        log.warn('sweep could not send a job message; the next sweep tries again', {
          sweptJob: job, jobRecordId: record.id, error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    counts[job] = sent;
    if (sent) log.warn('job messages sent again (their first message was lost)', { sweptJob: job, count: sent });
  }
  return counts;
}
