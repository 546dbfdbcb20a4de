import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

interface Consumed { CapacityUnits?: number; Table?: { CapacityUnits?: number }; GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number }> }
type Key = Record<string, unknown> | undefined;

/** An item's kind, by the first segment of its sort key (`BOOKING`, `COUNTER`, `SYNCWATCH`…): what a write unit went to. */
function kindOf(key: Key): string {
  const sk = String(key?.sk ?? '');
  return sk.split('#')[0]?.replace(/^~/, '') || '?';
}

/** The items a write request touches, by kind. */
function kindsOf(command: string, input: Record<string, unknown>): string[] {
  if (command === 'TransactWriteItems') {
    return ((input.TransactItems as Record<string, { Key?: Key; Item?: Key }>[]) ?? []).flatMap((t) => Object.entries(t).filter(([op]) => op !== 'ConditionCheck').map(([, v]) => kindOf(v.Key ?? v.Item)));
  }
  if (command === 'BatchWriteItem') {
    return Object.values((input.RequestItems as Record<string, { PutRequest?: { Item: Key }; DeleteRequest?: { Key: Key } }[]>) ?? {}).flat()
      .map((r) => kindOf(r.PutRequest?.Item ?? r.DeleteRequest?.Key));
  }
  return [kindOf((input.Key as Key) ?? (input.Item as Key))];
}

/**
 * DynamoDB's consumed capacity of every call, read and write, with the write units split by the
 * table and each index (`ReturnConsumedCapacity: INDEXES`) and by the kind of item written. A
 * transaction's units are shared among its items' kinds in proportion (DynamoDB reports them together).
 */
export function syncMeter(db: DynamoDBDocumentClient) {
  const zero = () => ({ read: 0, write: 0, calls: 0, byIndex: new Map<string, number>(), byKind: new Map<string, number>() });
  let m = zero();
  const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);
  db.middlewareStack.add((next, context) => async (args) => {
    const input = args.input as Record<string, unknown>;
    input.ReturnConsumedCapacity = 'INDEXES';
    const result = await next(args);
    const command = String(context.commandName ?? '').replace(/Command$/, '');
    const out = result.output as { ConsumedCapacity?: Consumed | Consumed[] };
    const list = Array.isArray(out.ConsumedCapacity) ? out.ConsumedCapacity : out.ConsumedCapacity ? [out.ConsumedCapacity] : [];
    const units = list.reduce((a, c) => a + (c.CapacityUnits ?? 0), 0);
    m.calls++;
    if (/Put|Update|Delete|TransactWrite|BatchWrite/.test(command)) {
      m.write += units;
      for (const c of list) {
        add(m.byIndex, 'table', c.Table?.CapacityUnits ?? 0);
        for (const [name, gsi] of Object.entries(c.GlobalSecondaryIndexes ?? {})) add(m.byIndex, name, gsi.CapacityUnits ?? 0);
      }
      const kinds = kindsOf(command, input);
      for (const kind of kinds) add(m.byKind, `${kind} (${command})`, units / Math.max(1, kinds.length));
    } else {
      m.read += units;
    }
    return result;
  }, { step: 'initialize', name: 'benchSyncMeter' });
  return {
    take() { const out = m; m = zero(); return out; },
  };
}
export type MeterTake = ReturnType<ReturnType<typeof syncMeter>['take']>;
