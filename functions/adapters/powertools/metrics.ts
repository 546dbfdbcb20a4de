import { Metrics as PowertoolsMetrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Metrics } from '../../ground/metrics';

/**
 * Counts as CloudWatch embedded metrics (Powertools Metrics), namespace Dakiya, service dakiya and
 * one default dimension, the function; published at the end of each invocation when anything was counted.
 */
export function powertoolsMetrics(functionName: string): Metrics {
  const metrics = new PowertoolsMetrics({ namespace: 'Dakiya', serviceName: 'dakiya', defaultDimensions: { function: functionName } });
  return {
    count: (name, value = 1) => { metrics.addMetric(name, MetricUnit.Count, value); },
    flush: () => { if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics(); },
  };
}
