import { afterEach, describe, expect, it, vi } from 'vitest';
import { powertoolsLog } from './log';
import { powertoolsMetrics } from './metrics';

/** The JSON lines written to stdout while `work` runs. */
function linesOf(work: () => void): Record<string, unknown>[] {
  const written: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => { written.push(String(chunk)); return true; });
  try {
    work();
  } finally {
    spy.mockRestore();
  }
  return written.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
}

afterEach(() => { vi.restoreAllMocks(); });

describe('the log, written by Powertools Logger', () => {
  it('puts the Lambda context and the request id on every line of an invocation', () => {
    const lambda = { awsRequestId: 'aws-req-1', functionName: 'dakiya-booking', memoryLimitInMB: '512', invokedFunctionArn: 'arn:aws:lambda:x', functionVersion: '$LATEST' };
    const [line] = linesOf(() => powertoolsLog('INFO').forInvocation(lambda, { requestId: 'api-req-1', group: 'booking' }).child({ shopId: 's1' }).info('booked', { n: 1 }));
    expect(line).toMatchObject({
      level: 'INFO', message: 'booked', service: 'dakiya', function_name: 'dakiya-booking', function_request_id: 'aws-req-1',
      requestId: 'api-req-1', group: 'booking', shopId: 's1', n: 1,
    });
  });

  it('writes nothing under its level', () => {
    expect(linesOf(() => powertoolsLog('WARN').info('quiet'))).toEqual([]);
  });
});

describe('the metrics, written by Powertools Metrics', () => {
  it('publishes what was counted at flush, with the function as the only dimension besides the service', () => {
    const metrics = powertoolsMetrics('dakiya-booking');
    const [emf] = linesOf(() => { metrics.count('BookingsMade'); metrics.count('ShopifyPoints', 12); metrics.flush(); });
    expect(emf).toMatchObject({ function: 'dakiya-booking', service: 'dakiya', BookingsMade: 1, ShopifyPoints: 12 });
    const directive = (emf!._aws as { CloudWatchMetrics: { Namespace: string; Dimensions: string[][] }[] }).CloudWatchMetrics[0]!;
    expect(directive.Namespace).toBe('Dakiya');
    expect(directive.Dimensions).toEqual([['service', 'function']]);
  });

  it('writes nothing when nothing was counted (an invocation that counted nothing)', () => {
    expect(linesOf(() => powertoolsMetrics('dakiya-system').flush())).toEqual([]);
  });
});
