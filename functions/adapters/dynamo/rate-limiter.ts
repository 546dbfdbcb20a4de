import { DeleteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RateLimiter } from '../../domain/ports/repos';
import { keys } from './keys';

/** Fixed-window counters: one atomic ADD per hit, expired by TTL (and by the window in the key). */
export class DynamoRateLimiter implements RateLimiter {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string, private readonly nowSeconds: () => number) {}

  private window(windowSeconds: number) {
    const start = Math.floor(this.nowSeconds() / windowSeconds) * windowSeconds;
    return { start, expiresAt: start + windowSeconds * 2 };
  }

  async hit(key: string, limit: number, windowSeconds: number): Promise<boolean> {
    const { start, expiresAt } = this.window(windowSeconds);
    const { Attributes } = await this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.rate(key, start),
      UpdateExpression: 'ADD #n :one SET expiresAt = :exp',
      ExpressionAttributeNames: { '#n': 'count' },
      ExpressionAttributeValues: { ':one': 1, ':exp': expiresAt },
      ReturnValues: 'UPDATED_NEW',
    }));
    return (Attributes?.count as number) <= limit;
  }

  secondsLeft(windowSeconds: number): number {
    return this.window(windowSeconds).start + windowSeconds - this.nowSeconds();
  }

  async reset(key: string, windowSeconds: number): Promise<void> {
    const { start } = this.window(windowSeconds);
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: keys.rate(key, start) }));
  }
}
