import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LambdaNeeds, QueueJobId } from '@dakiya/shared';
import type { Mailer } from '../domain/ports/mailer';
import { currentInvocation } from './invocation';
import type { SecretBox } from './secret-box';

/**
 * The IAM role of each Lambda is built from its declared needs (shared/src/needs.ts). These guards
 * refuse the same things inside an invocation, in every mode, so local runs and tests fail where AWS
 * would: a group that writes while declared read-only, opens a sealed value it may not, sends mail
 * or reads the Shopify secret without saying so. Outside an invocation (seeding, test setup) they
 * let everything through.
 */
export class AccessDenied extends Error {
  override readonly name = 'AccessDenied';
}

export function requireNeed(allowed: (needs: LambdaNeeds) => boolean, what: string): void {
  const invocation = currentInvocation();
  if (!invocation || allowed(invocation.needs)) return;
  const error = new AccessDenied(`${invocation.name} may not ${what}: its needs in shared/src/needs.ts do not declare it (its IAM role would refuse it too)`);
  // loud in every mode: in a test this is the reason behind an otherwise bare 500
  console.error(`[least privilege] ${error.message}`);
  throw error;
}

const READS = new Set(['Get', 'GetItem', 'BatchGet', 'BatchGetItem', 'Query', 'TransactGet', 'TransactGetItems']);
const WRITES = new Set(['Put', 'PutItem', 'Update', 'UpdateItem', 'Delete', 'DeleteItem', 'BatchWrite', 'BatchWriteItem', 'TransactWrite', 'TransactWriteItems']);

/** The DynamoDB operation a command name stands for: `PutCommand` and `PutItemCommand` alike. */
export function tableAccessOf(commandName: string): 'read' | 'write' | 'other' {
  const op = commandName.replace(/Command$/, '');
  if (READS.has(op)) return 'read';
  if (WRITES.has(op)) return 'write';
  return 'other';
}

const guardedClients = new WeakSet<object>();

/** Item reads need `table: read`, item writes `readWrite`; nothing else (Scan, table admin) is ever granted. */
export function guardTable(db: DynamoDBDocumentClient): void {
  // keyed by the stack, not the client: a wrapper (a test's Proxy) shares the stack of the client it wraps
  if (guardedClients.has(db.middlewareStack)) return;
  guardedClients.add(db.middlewareStack);
  db.middlewareStack.add(
    (next, context) => async (args) => {
      const name = context.commandName ?? 'UnknownCommand';
      const access = tableAccessOf(name);
      if (access === 'read') requireNeed((n) => n.table !== 'none', `read the table (${name})`);
      else if (access === 'write') requireNeed((n) => n.table === 'readWrite', `write to the table (${name})`);
      else requireNeed(() => false, `call DynamoDB ${name}`);
      return next(args);
    },
    { step: 'initialize', name: 'dakiyaLeastPrivilege' },
  );
}

export function guardSecretBox(box: SecretBox): SecretBox {
  return {
    encrypt: async (plain, context) => {
      requireNeed((n) => n.sealed === 'seal' || n.sealed === 'openAndSeal', 'seal a value with the app key (kms:Encrypt)');
      return box.encrypt(plain, context);
    },
    decrypt: async (blob, context) => {
      requireNeed((n) => n.sealed === 'open' || n.sealed === 'openAndSeal', 'open a sealed value (kms:Decrypt)');
      return box.decrypt(blob, context);
    },
  };
}

export function guardMailer(mailer: Mailer): Mailer {
  return {
    send: async (mail) => {
      requireNeed((n) => n.mail === true, 'send mail (ses:SendEmail)');
      return mailer.send(mail);
    },
  };
}

export function guardShopifySecrets(read: () => Promise<string[]>): () => Promise<string[]> {
  return async () => {
    requireNeed((n) => n.shopifySecret === true, 'read the Shopify client secret');
    return read();
  };
}

/** For the queue adapter: sqs:SendMessage is granted per queue, by job id. */
export function requireEnqueue(jobId: QueueJobId): void {
  requireNeed((n) => n.enqueue?.includes(jobId) === true, `enqueue ${jobId} (sqs:SendMessage)`);
}
