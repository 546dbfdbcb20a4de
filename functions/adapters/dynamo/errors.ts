import { pause } from '../../ground/clock';

type AwsError = { name?: string; cause?: unknown; CancellationReasons?: { Code?: string }[] };

/**
 * A write refused by its condition: a ConditionalCheckFailed, or a cancelled transaction (its
 * reasons say which item: `cancellationCodes`). ElectroDB hands the SDK's error on as its cause.
 */
export function isConditionFailure(error: unknown): boolean {
  const e = error as AwsError | undefined;
  if (e?.name === 'ConditionalCheckFailedException' || e?.name === 'TransactionCanceledException') return true;
  return e?.cause !== undefined && e.cause !== error && isConditionFailure(e.cause);
}

/** Why a transaction was cancelled, item by item (`None` for an item that was fine). */
export function cancellationCodes(error: unknown): string[] {
  return ((error as AwsError).CancellationReasons ?? []).map((r) => r.Code ?? 'None');
}

/** True when a transaction was cancelled only by other transactions on its items (AWS does that under contention). */
export function isTransactionConflict(error: unknown): boolean {
  if ((error as AwsError).name !== 'TransactionCanceledException') return false;
  const codes = cancellationCodes(error);
  return codes.includes('TransactionConflict') && codes.every((code) => code === 'TransactionConflict' || code === 'None');
}

/**
 * Sends a transaction again while AWS cancels it only for a rival transaction (DynamoDB Local
 * serialises them instead), with a short random wait so rivals spread out; a failed condition is
 * thrown at once, for the caller to read.
 */
export async function retryConflicts<T>(send: () => Promise<T>, attempts = 8): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= attempts) throw error;
      await pause(10 + Math.random() * 40 * attempt);
    }
  }
}
