import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Mailer } from '../domain/ports/mailer';
import { requireNeed } from '../ground/invocation';
import type { SecretBox } from '../domain/ports/secrets';
import type { FileStore } from '../domain/ports/files';

/**
 * What each Lambda may touch, enforced on its clients from its declared needs (shared/src/needs.ts):
 * a group that writes while declared read-only, opens a sealed value it may not, sends mail or reads
 * the Shopify secret without saying so fails here as its IAM role would fail it in AWS.
 */

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

/** Item reads need `table: read`, item writes `readWrite`, a Scan `scanTable` (a migration job only); table admin is never granted. */
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
      else if (name === 'ScanCommand') requireNeed((n) => n.scanTable === true, `scan the table (${name})`);
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

/** A key's prefix under its shop: `shop/<id>/exports/x.csv` is `exports`. */
const prefixOf = (key: string) => key.split('/')[2];

/** Files only under the declared prefix: `put` writes (s3:PutObject), `sign` reads and signs links (s3:GetObject). */
export function guardFiles(files: FileStore): FileStore {
  const may = (key: string, access: 'put' | 'sign') => requireNeed((n) => (n.files?.access === access || n.files?.access === 'putAndSign') && n.files.prefix === prefixOf(key), `${access === 'put' ? 'write' : 'read'} ${key} in the files bucket`);
  return {
    put: async (key, body, type) => { may(key, 'put'); return files.put(key, body, type); },
    exists: async (key) => { may(key, 'sign'); return files.exists(key); },
    signedUrl: async (key, seconds, name) => { may(key, 'sign'); return files.signedUrl(key, seconds, name); },
  };
}
