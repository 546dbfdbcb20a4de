import type { Context } from 'aws-lambda';

/**
 * The one log interface: structured JSON lines, one each (CloudWatch and local mode read the same).
 * adapters/powertools/log.ts writes them with Powertools Logger; tests use `silentLog`.
 */
export interface Log {
  debug(message: string, data?: Record<string, unknown>): void;
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
  /** A log whose every line also carries `fields`. */
  child(fields: Record<string, unknown>): Log;
  /**
   * The log of one invocation: every line carries the Lambda context (function, its request id, cold
   * start; absent outside Lambda) and `fields` (the chain's request id, route or job).
   */
  forInvocation(context: Partial<Context> | undefined, fields: Record<string, unknown>): Log;
}

export type LogLevel = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT';

const quiet = () => undefined;
export const silentLog: Log = { debug: quiet, info: quiet, warn: quiet, error: quiet, child: () => silentLog, forInvocation: () => silentLog };
