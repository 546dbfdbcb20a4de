import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { AWS_CALL_TIMEOUTS, awsClientConfig } from './aws-client';

describe('AWS SDK clients give up on a stalled connection (issue 11 item 4)', () => {
  let silent: http.Server;
  let url: string;
  let requests = 0;
  beforeAll(async () => {
    // accepts the request and never answers, like a connection that stalled on the way
    silent = http.createServer(() => { requests++; });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('in AWS: three attempts, each dropped after 3 s of silence (1 s to connect)', () => {
    expect(AWS_CALL_TIMEOUTS).toEqual({ connectionTimeout: 1000, requestTimeout: 3000 });
    expect(awsClientConfig('ap-south-1')).toEqual({ region: 'ap-south-1', maxAttempts: 3, requestHandler: { ...AWS_CALL_TIMEOUTS, throwOnRequestTimeout: true } });
  });

  it('with an emulator: dummy credentials and the SDK defaults', () => {
    expect(awsClientConfig('us-east-1', 'http://127.0.0.1:8000')).toEqual({
      region: 'us-east-1', endpoint: 'http://127.0.0.1:8000', credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  });

  it('a silent service ends in a TimeoutError after the attempts, not in a call that never returns', async () => {
    const client = new DynamoDBClient(awsClientConfig('us-east-1', url, { connectionTimeout: 200, requestTimeout: 300 }));
    const error = await client.send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' }, sk: { S: 'b' } } })).catch((e: unknown) => e);
    expect((error as Error).name).toBe('TimeoutError');
    expect(requests).toBe(3);
    client.destroy();
  });
});
