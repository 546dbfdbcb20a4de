import { GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { epochSeconds } from '../../../ground/clock';
import type { AttemptLedger, BookingAttempt, BookingPlan, BookingRecord, OrderClaim } from '../../../domain/ports/bookings';
import { batchDelete, batchGet, batchWrite } from '../batch';
import { isConditionFailure, retryConflicts } from '../errors';
import { keys, setExpression, stripKeys } from '../keys';
import { queryAll } from '../query';

/** Finished attempts stay a month for a person to look into, then TTL removes them. */
const KEEP_ATTEMPT_SECONDS = 30 * 86400;

/**
 * Contact pointers outlive their attempt by a day: an attempt's expiry moves when it is abandoned, and a
 * pointer gone first would leave its consignee out of customers/redact's reach.
 */
const KEEP_CONTACT_SECONDS = KEEP_ATTEMPT_SECONDS + 86400;

/** What a customer may be named by in a privacy request: the plan's phones as stored, its email in lower case. */
export function contactsOf(consignee: BookingRecord['consignee']): string[] {
  const all = [consignee.phone, consignee.phone2, consignee.phone3, consignee.email?.toLowerCase()];
  return [...new Set(all.filter((c): c is string => Boolean(c)))];
}

/** The attempt's plan keeps its reference as `orderRef`, the name it was first stored under. */
type StoredPlan = Omit<BookingPlan, 'reference'> & { orderRef: string };

function attemptOf(item: Record<string, unknown>): BookingAttempt {
  const { plan, ...rest } = stripKeys<Omit<BookingAttempt, 'plan'> & { plan?: StoredPlan }>(item);
  if (!plan) return rest;
  const { orderRef, ...kept } = plan;
  return { ...rest, plan: { ...kept, reference: orderRef } };
}

function storedPatch(patch: Partial<BookingAttempt>): Record<string, unknown> {
  if (!patch.plan) return patch;
  const { reference, ...kept } = patch.plan;
  return { ...patch, plan: { ...kept, orderRef: reference } satisfies StoredPlan };
}

/** A conditional write whose failed condition means "someone else's already": nothing to do. */
const unlessMoved = (error: unknown) => { if (!isConditionFailure(error)) throw error; };

/**
 * The order claims and the attempt records that keep a booking exactly-once. Plain conditional
 * writes: their conditions are the point, and an entity layer would only hide them.
 */
export class DynamoAttemptLedger implements AttemptLedger {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async claims(shopId: string, orderIds: string[]): Promise<Map<string, OrderClaim>> {
    const items = await batchGet(this.db, this.table, orderIds.map((id) => keys.orderClaim(shopId, id)), { consistent: true });
    return new Map(items.map((item) => [item.orderId as string, stripKeys<OrderClaim>(item)]));
  }

  /** A transaction, because a merge claims several orders at once; a rival transaction on the same orders is retried. */
  async start(attempt: BookingAttempt, seen: Map<string, OrderClaim>, nowMs: number): Promise<boolean> {
    const claims = attempt.orderIds.map((orderId) => {
      const before = seen.get(orderId);
      return {
        Update: {
          TableName: this.table,
          Key: keys.orderClaim(attempt.shopId, orderId),
          ConditionExpression: before ? '#state = :free AND attempt = :seen' : 'attribute_not_exists(pk)',
          UpdateExpression: 'SET orderId = :order, #state = :booking, attempt = :next, attemptId = :attempt, updatedAt = :at REMOVE trackingNumber',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: {
            ':order': orderId, ':booking': 'booking', ':next': attempt.attempts[orderId], ':attempt': attempt.attemptId,
            ':at': new Date(nowMs).toISOString(), ...(before ? { ':free': 'free', ':seen': before.attempt } : {}),
          },
        },
      };
    });
    const expiresAt = epochSeconds(nowMs) + KEEP_ATTEMPT_SECONDS;
    const record = {
      Put: {
        TableName: this.table,
        Item: { ...keys.bookingAttempt(attempt.shopId, attempt.attemptId), type: 'bookingAttempt', ...attempt, expiresAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
    // in the same transaction: an attempt nothing leads to would keep its consignee past customers/redact
    // (at most MAX_MERGE_ORDERS orders: 21 items, well within a transaction's 100)
    const pointers = attempt.orderIds.map((orderId) => ({
      Put: { TableName: this.table, Item: { ...keys.orderAttemptPointer(attempt.shopId, orderId, attempt.attemptId), type: 'attemptPointer', attemptId: attempt.attemptId, expiresAt } },
    }));
    try {
      await retryConflicts(() => this.db.send(new TransactWriteCommand({ TransactItems: [...claims, record, ...pointers] })));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async get(shopId: string, attemptId: string): Promise<BookingAttempt | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.bookingAttempt(shopId, attemptId), ConsistentRead: true }));
    return Item ? attemptOf(Item) : undefined;
  }

  async takeOver(shopId: string, attemptId: string, nowMs: number, leaseUntil: number): Promise<BookingAttempt | undefined> {
    try {
      const { Attributes } = await this.db.send(new UpdateCommand({
        TableName: this.table,
        Key: keys.bookingAttempt(shopId, attemptId),
        ConditionExpression: 'attribute_exists(pk) AND leaseUntil < :now',
        UpdateExpression: 'SET leaseUntil = :lease',
        ExpressionAttributeValues: { ':now': nowMs, ':lease': leaseUntil },
        ReturnValues: 'ALL_NEW',
      }));
      return attemptOf(Attributes ?? {});
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }

  async advance(shopId: string, attemptId: string, leaseUntil: number, patch: Partial<BookingAttempt>): Promise<void> {
    // before the plan: a pointer to an attempt without a plan is harmless, a plan nothing leads to is not
    if (patch.plan) await this.writeContacts(shopId, attemptId, patch.plan.consignee, epochSeconds(leaseUntil) + KEEP_CONTACT_SECONDS);
    const set = setExpression(storedPatch(patch));
    await this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.bookingAttempt(shopId, attemptId),
      ConditionExpression: 'leaseUntil = :mine',
      UpdateExpression: set.expression,
      ExpressionAttributeNames: set.names,
      ExpressionAttributeValues: { ...set.values, ':mine': leaseUntil },
    }));
  }

  async releaseLease(shopId: string, attemptId: string, leaseUntil: number): Promise<void> {
    await this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.bookingAttempt(shopId, attemptId),
      ConditionExpression: 'leaseUntil = :mine',
      UpdateExpression: 'SET leaseUntil = :zero',
      ExpressionAttributeValues: { ':mine': leaseUntil, ':zero': 0 },
    })).catch(unlessMoved);
  }

  async abandon(attempt: BookingAttempt, nowMs: number): Promise<void> {
    await Promise.all(attempt.orderIds.map((orderId) => this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.orderClaim(attempt.shopId, orderId),
      ConditionExpression: 'attemptId = :attempt',
      UpdateExpression: 'SET #state = :free, updatedAt = :at REMOVE attemptId',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':attempt': attempt.attemptId, ':free': 'free', ':at': new Date(nowMs).toISOString() },
    })).catch(unlessMoved)));
    await this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.bookingAttempt(attempt.shopId, attempt.attemptId),
      UpdateExpression: 'SET stage = :released, leaseUntil = :zero, expiresAt = :exp',
      ExpressionAttributeValues: { ':released': 'released', ':zero': 0, ':exp': epochSeconds(nowMs) + KEEP_ATTEMPT_SECONDS },
    }));
    // the attempt is kept a month from now: its pointers as long, or it would outlive the way to it
    if (attempt.plan) await this.writeContacts(attempt.shopId, attempt.attemptId, attempt.plan.consignee, epochSeconds(nowMs) + KEEP_CONTACT_SECONDS);
    await Promise.all(attempt.orderIds.map((orderId) => this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.orderAttemptPointer(attempt.shopId, orderId, attempt.attemptId),
      UpdateExpression: 'SET #type = :type, attemptId = :attempt, expiresAt = :exp',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':type': 'attemptPointer', ':attempt': attempt.attemptId, ':exp': epochSeconds(nowMs) + KEEP_ATTEMPT_SECONDS },
    }))));
  }

  /** The attempt itself is not written again: its orders' claims now say `booked`, and it expires on its own. */
  async markBooked(attempt: BookingAttempt, trackingNumber: string, nowMs: number): Promise<void> {
    await Promise.all(attempt.orderIds.map((orderId) => this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.orderClaim(attempt.shopId, orderId),
      ConditionExpression: 'attemptId = :attempt',
      UpdateExpression: 'SET #state = :booked, trackingNumber = :tn, updatedAt = :at',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':attempt': attempt.attemptId, ':booked': 'booked', ':tn': trackingNumber, ':at': new Date(nowMs).toISOString() },
    }))));
  }

  async freeOrders(booking: Pick<BookingRecord, 'shopId' | 'orderIds' | 'trackingNumber'>, nowMs: number): Promise<void> {
    await Promise.all(booking.orderIds.map((orderId) => this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.orderClaim(booking.shopId, orderId),
      ConditionExpression: '#state = :booked AND trackingNumber = :tn',
      UpdateExpression: 'SET #state = :free, updatedAt = :at REMOVE attemptId',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':booked': 'booked', ':tn': booking.trackingNumber, ':free': 'free', ':at': new Date(nowMs).toISOString() },
    })).catch(unlessMoved)));
  }

  async findByOrder(shopId: string, orderId: string): Promise<string[]> {
    const { pk, sk } = keys.orderAttemptPointer(shopId, orderId, '');
    return (await queryAll(this.db, this.table, pk, sk, ['attemptId'], { consistent: true })).map((i) => String(i.attemptId));
  }

  async findByContact(shopId: string, contact: string): Promise<string[]> {
    const { pk, sk } = keys.attemptContactPointer(shopId, contact, '');
    return (await queryAll(this.db, this.table, pk, sk, ['attemptId'], { consistent: true })).map((i) => String(i.attemptId));
  }

  private async writeContacts(shopId: string, attemptId: string, consignee: BookingRecord['consignee'], expiresAt: number): Promise<void> {
    await batchWrite(this.db, this.table, contactsOf(consignee).map((contact) => ({
      PutRequest: { Item: { ...keys.attemptContactPointer(shopId, contact, attemptId), type: 'attemptPointer', attemptId, expiresAt } },
    })));
  }

  /**
   * Only the plan's consignee is written, never the lease: a request holding the attempt goes on, and
   * a resumed attempt saves its booking with the fields as they now are. The pointers that name the
   * person (their phones and email) go after it.
   */
  async redactConsignee(attempt: BookingAttempt, replacement: BookingRecord['consignee']): Promise<void> {
    const { shopId, attemptId } = attempt;
    await this.db.send(new UpdateCommand({
      TableName: this.table,
      Key: keys.bookingAttempt(shopId, attemptId),
      ConditionExpression: 'attribute_exists(#plan)',
      UpdateExpression: 'SET #plan.consignee = :consignee',
      ExpressionAttributeNames: { '#plan': 'plan' },
      ExpressionAttributeValues: { ':consignee': replacement },
    })).catch(unlessMoved);
    if (attempt.plan) await batchDelete(this.db, this.table, contactsOf(attempt.plan.consignee).map((c) => keys.attemptContactPointer(shopId, c, attemptId)));
  }
}
