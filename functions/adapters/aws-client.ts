/** Socket limits of every AWS SDK client (DynamoDB, SQS, SES, KMS, Secrets Manager), in ms. */
export interface CallTimeouts {
  connectionTimeout: number;
  requestTimeout: number;
}

/**
 * In AWS a stalled connection (a lost packet, a hung TLS handshake) would otherwise hold the request
 * until Lambda's own timeout, a bare 503. Each of these services answers in milliseconds, so a
 * connection silent for 3 s is dead: the SDK drops it and retries (three attempts in all).
 */
export const AWS_CALL_TIMEOUTS: CallTimeouts = { connectionTimeout: 1000, requestTimeout: 3000 };

/**
 * The client settings: AWS with the timeouts above, or a local emulator (DynamoDB Local, fauxqs,
 * local SES) with dummy credentials and the SDK's defaults, since a busy test machine can make an
 * emulator slow without anything being lost.
 */
export function awsClientConfig(region: string, endpoint?: string, timeouts: CallTimeouts | undefined = endpoint ? undefined : AWS_CALL_TIMEOUTS) {
  return {
    region,
    ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    // without throwOnRequestTimeout this SDK only logs a warning when requestTimeout passes, and waits on
    ...(timeouts ? { maxAttempts: 3, requestHandler: { ...timeouts, throwOnRequestTimeout: true } } : {}),
  };
}
