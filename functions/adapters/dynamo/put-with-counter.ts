import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { planLimitError } from '../../ground/errors';
import { cancellationCodes, retryConflicts } from './errors';

type Put = { Item: Record<string, unknown>; ConditionExpression?: string };

/**
 * Puts items and bumps a per-shop counter in one transaction. With a limit, the counter must stay
 * at or under it, so concurrent creates can never pass a plan's limit together.
 * Answers the index of a put whose condition failed (e.g. a unique claim), or throws PLAN_LIMIT_REACHED.
 */
export async function putWithCounter(
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
    if (codes[0] === 'ConditionalCheckFailed') throw planLimitError();
    const failedPut = codes.slice(1).indexOf('ConditionalCheckFailed');
    if (failedPut >= 0) return { ok: false, failedPut };
    throw error;
  }
}
