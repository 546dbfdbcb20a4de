import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_SETTINGS, stuckSettingsOver, type StoreSettings } from '@dakiya/shared';
import type { SettingsRepo } from '../../domain/ports/repos';
import { keys, setExpression, stripKeys } from './keys';

/** The saved fields over the defaults; fields added by later releases read their default until saved. */
function withDefaults(item: Record<string, unknown> | undefined): StoreSettings {
  const saved = item ? stripKeys<Partial<StoreSettings> & { updatedAt?: string; shopId?: string }>(item) : {};
  return {
    free_shipping_value: saved.free_shipping_value ?? DEFAULT_SETTINGS.free_shipping_value,
    discount_name: saved.discount_name ?? DEFAULT_SETTINGS.discount_name,
    show_discount: saved.show_discount ?? DEFAULT_SETTINGS.show_discount,
    tags: { ...DEFAULT_SETTINGS.tags, ...saved.tags },
    default_weight: saved.default_weight ?? DEFAULT_SETTINGS.default_weight,
    label_paper: saved.label_paper ?? DEFAULT_SETTINGS.label_paper,
    consignee_notices: saved.consignee_notices ?? DEFAULT_SETTINGS.consignee_notices,
    stuck_days: stuckSettingsOver(saved.stuck_days),
  };
}

export class DynamoSettingsRepo implements SettingsRepo {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly table: string) {}

  async get(shopId: string): Promise<StoreSettings> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.settings(shopId) }));
    return withDefaults(Item);
  }

  async save(shopId: string, patch: Partial<StoreSettings>, updatedAt: string): Promise<StoreSettings> {
    const set = setExpression({ ...patch, type: 'settings', shopId, updatedAt });
    const { Attributes } = await this.db.send(new UpdateCommand({
      TableName: this.table, Key: keys.settings(shopId), UpdateExpression: set.expression,
      ExpressionAttributeNames: set.names, ExpressionAttributeValues: set.values, ReturnValues: 'ALL_NEW',
    }));
    return withDefaults(Attributes);
  }
}
