import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { AppError } from '../../ground/errors';

export function cancellationCodes(error: unknown): string[] {
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
  return (reasons ?? []).map((r) => r.Code ?? 'None');
}

/**
 * Concurrent transactions on one counter item can be cancelled with TransactionConflict in AWS
 * (DynamoDB Local serialises them instead); those are retried, a failed condition is not.
 */
export async function retryConflicts<T>(send: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes.includes('TransactionConflict') || codes.includes('ConditionalCheckFailed') || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
    }
  }
}

type Put = { Item: Record<string, unknown>; ConditionExpression?: string };

/**
 * Puts items and bumps a per-shop counter in one transaction. With a limit, the counter must stay
 * at or under it, so concurrent creates can never pass a plan's limit together.
 * Answers the index of a put whose condition failed (e.g. a unique claim), or throws PLAN_LIMIT_REACHED.
 */
export async function putCounted(
  db: DynamoDBDocumentClient, table: string, counter: { pk: string; sk: string }, limit: number | undefined, puts: Put[],
): Promise<{ ok: true } | { ok: false; failedPut: number }> {
  try {
    await retryConflicts(() => db.send(new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: table,
            Key: counter,
            UpdateExpression: 'ADD #n :one',
            ExpressionAttributeNames: { '#n': 'count' },
            ExpressionAttributeValues: limit === undefined ? { ':one': 1 } : { ':one': 1, ':limit': limit },
            ...(limit === undefined ? {} : { ConditionExpression: 'attribute_not_exists(#n) OR #n < :limit' }),
          },
        },
        ...puts.map((put) => ({ Put: { TableName: table, ...put } })),
      ],
    })));
    return { ok: true };
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes[0] === 'ConditionalCheckFailed') {
      throw new AppError('PLAN_LIMIT_REACHED', { extra: { plan_limit_error: true, message: 'Kindly upgrade your plan' } });
    }
    const failedPut = codes.slice(1).indexOf('ConditionalCheckFailed');
    if (failedPut >= 0) return { ok: false, failedPut };
    throw error;
  }
}
