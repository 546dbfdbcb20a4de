/** Structured JSON logs, one line each (CloudWatch and local mode read the same). */
export interface Log {
  debug(message: string, data?: Record<string, unknown>): void;
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Log;
}

const LEVELS = { DEBUG: 10, INFO: 20, WARN: 30, ERROR: 40, SILENT: 100 } as const;
export type LogLevel = keyof typeof LEVELS;

export function createLog(level: LogLevel, fields: Record<string, unknown> = {}, write: (line: string) => void = (l) => process.stdout.write(l + '\n')): Log {
  const emit = (lvl: Exclude<LogLevel, 'SILENT'>, message: string, data?: Record<string, unknown>) => {
    if (LEVELS[lvl] < LEVELS[level]) return;
    write(JSON.stringify({ level: lvl, time: new Date().toISOString(), message, ...fields, ...data }));
  };
  return {
    debug: (m, d) => emit('DEBUG', m, d),
    info: (m, d) => emit('INFO', m, d),
    warn: (m, d) => emit('WARN', m, d),
    error: (m, d) => emit('ERROR', m, d),
    child: (more) => createLog(level, { ...fields, ...more }, write),
  };
}

export const silentLog = createLog('SILENT');
