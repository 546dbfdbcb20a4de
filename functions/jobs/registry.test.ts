import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { jobIds, jobName, jobs, nextRun, queueJobIds, scheduledJobIds, type JobDef } from '@dakiya/shared';
import { queueWorkers, scheduledWorkers } from './registry';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('the job table, its workers and their Lambda entries are the same set', () => {
  it('every queue row has a worker and every scheduled row a run, and nothing else', () => {
    expect(Object.keys(queueWorkers).sort()).toEqual([...queueJobIds].sort());
    expect(Object.keys(scheduledWorkers).sort()).toEqual([...scheduledJobIds].sort());
    expect([...queueJobIds, ...scheduledJobIds].sort()).toEqual([...jobIds].sort());
  });

  it('every row has its entry functions/jobs/<name>/handler.ts exporting a handler, and no entry lacks a row', async () => {
    const entries = fs.readdirSync(here).filter((d) => fs.existsSync(path.join(here, d, 'handler.ts')));
    expect(entries.sort()).toEqual(jobIds.map(jobName).sort());
    for (const id of jobIds) {
      const mod = (await import(`./${jobName(id)}/handler.ts`)) as { handler?: unknown };
      expect(typeof mod.handler, id).toBe('function');
    }
  });

  it('row ids read group.verb and their names fit Lambda and SQS names', () => {
    for (const id of jobIds) {
      expect(id).toMatch(/^[a-z]+\.[a-z][a-zA-Z]*$/);
      // dakiya-<stage up to 20>-job-<name>-dlq.fifo stays under SQS's 80 and Lambda's 64 characters
      expect(jobName(id).length, id).toBeLessThanOrEqual(30);
    }
  });
});

describe.each(jobIds.map((id) => [id, jobs[id] as JobDef] as const))('row %s', (_id, def) => {
  it('has settings AWS accepts and that fit together', () => {
    expect(def.timeoutSeconds).toBeGreaterThanOrEqual(1);
    expect(def.timeoutSeconds).toBeLessThanOrEqual(900);
    expect(def.description.length).toBeGreaterThan(10);
    if (def.kind === 'queue') {
      // AWS: a queue's visibility timeout at least six times the function timeout, or a slow run is delivered twice
      expect(def.visibilityTimeoutSeconds).toBeGreaterThanOrEqual(6 * def.timeoutSeconds);
      expect(def.visibilityTimeoutSeconds).toBeLessThanOrEqual(43200);
      expect(def.batchSize).toBeGreaterThanOrEqual(1);
      expect(def.batchSize).toBeLessThanOrEqual(10);
      expect(def.maxConcurrency).toBeGreaterThanOrEqual(2);
      expect(def.maxConcurrency).toBeLessThanOrEqual(1000);
      expect(def.maxReceiveCount).toBeGreaterThanOrEqual(1);
      expect(def.maxReceiveCount).toBeLessThanOrEqual(1000);
    } else if ('everyMinutes' in def.schedule) {
      expect(Number.isInteger(def.schedule.everyMinutes) && def.schedule.everyMinutes >= 1).toBe(true);
    } else {
      expect(def.schedule.dailyAtUtc).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
    }
  });
});

describe('nextRun (the local poller plays EventBridge)', () => {
  it('adds the rate to the last run', () => {
    expect(nextRun({ everyMinutes: 5 }, new Date('2026-11-24T10:00:30Z')).toISOString()).toBe('2026-11-24T10:05:30.000Z');
  });

  it('runs a daily row today when its time is still ahead, tomorrow otherwise', () => {
    expect(nextRun({ dailyAtUtc: '21:30' }, new Date('2026-11-24T10:00:00Z')).toISOString()).toBe('2026-11-24T21:30:00.000Z');
    expect(nextRun({ dailyAtUtc: '21:30' }, new Date('2026-11-24T21:30:00Z')).toISOString()).toBe('2026-11-25T21:30:00.000Z');
    expect(nextRun({ dailyAtUtc: '00:05' }, new Date('2026-12-31T23:59:00Z')).toISOString()).toBe('2027-01-01T00:05:00.000Z');
  });
});
