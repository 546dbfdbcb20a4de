import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

interface Consumed { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number }

/**
 * Asks DynamoDB for ConsumedCapacity on every call the app makes and adds it up, so a step of the
 * bench can say how many read and write units one request costs.
 */
export function meterCapacity(db: DynamoDBDocumentClient) {
  let read = 0;
  let write = 0;
  let calls = 0;
  db.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, unknown>;
      input.ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      calls++;
      const output = result.output as { ConsumedCapacity?: Consumed | Consumed[] };
      const list = Array.isArray(output.ConsumedCapacity) ? output.ConsumedCapacity : output.ConsumedCapacity ? [output.ConsumedCapacity] : [];
      const writes = /Put|Update|Delete|TransactWrite|BatchWrite/.test(context.commandName ?? '');
      for (const c of list) {
        const units = c.CapacityUnits ?? (c.ReadCapacityUnits ?? 0) + (c.WriteCapacityUnits ?? 0);
        if (writes) write += units; else read += units;
      }
      return result;
    },
    { step: 'initialize', name: 'benchCapacityMeter' },
  );
  return {
    reset() { read = 0; write = 0; calls = 0; },
    snapshot() { return { read, write, calls }; },
  };
}
