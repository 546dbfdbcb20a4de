import { Logger } from '@aws-lambda-powertools/logger';
import type { Log, LogLevel } from '../../ground/log';

function wrap(logger: Logger): Log {
  return {
    debug: (message, data) => (data ? logger.debug(message, data) : logger.debug(message)),
    info: (message, data) => (data ? logger.info(message, data) : logger.info(message)),
    warn: (message, data) => (data ? logger.warn(message, data) : logger.warn(message)),
    error: (message, data) => (data ? logger.error(message, data) : logger.error(message)),
    child: (fields) => wrap(logger.createChild({ persistentKeys: fields })),
    forInvocation: (context, fields) => {
      // a logger of its own per invocation: local mode runs many invocations of one Lambda at once
      const invocation = logger.createChild({ persistentKeys: fields });
      if (context?.awsRequestId) invocation.addContext(context as Parameters<Logger['addContext']>[0]);
      return wrap(invocation);
    },
  };
}

/** The Log of a container, written by Powertools Logger (service `dakiya`). */
export function powertoolsLog(level: LogLevel): Log {
  return wrap(new Logger({ serviceName: 'dakiya', logLevel: level }));
}
