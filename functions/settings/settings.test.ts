import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_SETTINGS, DEFAULT_STUCK_SETTINGS, ERRORS, type StoreSettings } from '@dakiya/shared';
import { call, seedShop, seedUser, testDeps, type TestDeps } from '../test-support/harness';

let deps: TestDeps;
beforeAll(async () => { deps = await testDeps(); });

const TAGS = { inprocess_tag: 'In transit', delivered_tag: 'Delivered', cancelled_tag: 'Cancelled', rts_tag: 'Returned' };
const STUCK = { ...DEFAULT_STUCK_SETTINGS, TCS: { not_picked_up: 2, in_transit: 10, attempt_not_retried: 1 } };
const FULL = { free_shipping_value: 3000, discount_name: 'Eid offer', show_discount: true, tags: TAGS, default_weight: 750, label_paper: 'THERMAL_4X6' as const, stuck_days: STUCK, consignee_notices: false };
const NO_TAGS = { inprocess_tag: '', delivered_tag: '', cancelled_tag: '', rts_tag: '' };

async function itemOf(shopId: string) {
  const { Item } = await deps.db.send(new GetCommand({ TableName: deps.env.TABLE_NAME, Key: { pk: `SHOP#${shopId}`, sk: 'SETTINGS' } }));
  return Item;
}

describe('GET /store/default-settings', () => {
  it('gives a shop that never saved the defaults, and says whether its plan allows tags', async () => {
    const paid = await seedShop(deps, { plan: 'MONTHLY' });
    const free = await seedShop(deps, { plan: 'FREE' });
    expect((await call(deps, 'settings.get', { token: paid.ownerToken })).body).toEqual({ settings: DEFAULT_SETTINGS, tags_allowed: true });
    expect((await call(deps, 'settings.get', { token: free.ownerToken })).body).toEqual({ settings: DEFAULT_SETTINGS, tags_allowed: false });
    expect(DEFAULT_SETTINGS).toEqual({ free_shipping_value: 0, discount_name: '', show_discount: false, tags: NO_TAGS, default_weight: 100, label_paper: 'A4', stuck_days: DEFAULT_STUCK_SETTINGS, consignee_notices: false });
    // reading writes nothing
    expect(await itemOf(paid.shop._id)).toBeUndefined();
  });

  it('is open to a USER holding READ_SETTINGS, closed to one without it', async () => {
    const shop = await seedShop(deps, { plan: 'YEARLY' });
    const reader = await seedUser(deps, shop.shop._id, { scopes: ['READ_SETTINGS'] });
    const other = await seedUser(deps, shop.shop._id, { scopes: ['READ_ORDERS', 'WRITE_SETTINGS'] });
    expect((await call(deps, 'settings.get', { token: reader.token })).status).toBe(200);
    const refused = await call(deps, 'settings.get', { token: other.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ errors: [{ msg: ERRORS.MISSING_SCOPE.msg, code: 'MISSING_SCOPE' }] });
  });
});

describe('POST /store/default-settings', () => {
  it('saves every field on a paid plan, answers Settings saved and the whole settings, and reads them back', async () => {
    const shop = await seedShop(deps, { plan: 'MONTHLY' });
    const res = await call(deps, 'settings.save', { token: shop.ownerToken, body: FULL });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg: 'Settings saved', settings: FULL, tags_allowed: true });
    expect((await call(deps, 'settings.get', { token: shop.ownerToken })).body).toEqual({ settings: FULL, tags_allowed: true });
    const item = await itemOf(shop.shop._id);
    expect(item).toMatchObject({ ...FULL, shopId: shop.shop._id, type: 'settings' });
  });

  it('trims text, keeps fields it is not sent, and 0 turns free shipping off', async () => {
    const shop = await seedShop(deps, { plan: 'YEARLY' });
    await call(deps, 'settings.save', { token: shop.ownerToken, body: FULL });
    const res = await call(deps, 'settings.save', { token: shop.ownerToken, body: { free_shipping_value: 0, discount_name: '  Sale  ' } });
    expect(res.body.settings).toEqual({ ...FULL, free_shipping_value: 0, discount_name: 'Sale' });
    expect((await deps.settings.get(shop.shop._id))).toEqual({ ...FULL, free_shipping_value: 0, discount_name: 'Sale' });
  });

  it('is open to a USER holding WRITE_SETTINGS, closed to one holding only READ_SETTINGS', async () => {
    const shop = await seedShop(deps, { plan: 'MONTHLY' });
    const writer = await seedUser(deps, shop.shop._id, { scopes: ['WRITE_SETTINGS'] });
    const reader = await seedUser(deps, shop.shop._id, { scopes: ['READ_SETTINGS'] });
    expect((await call(deps, 'settings.save', { token: writer.token, body: { free_shipping_value: 500 } })).status).toBe(200);
    const refused = await call(deps, 'settings.save', { token: reader.token, body: { free_shipping_value: 1000 } });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('MISSING_SCOPE');
    expect((await deps.settings.get(shop.shop._id)).free_shipping_value).toBe(500);
  });

  describe('the free plan', () => {
    it('saves everything but tags', async () => {
      const free = await seedShop(deps, { plan: 'FREE' });
      const { tags: _tags, ...rest } = FULL;
      const res = await call(deps, 'settings.save', { token: free.ownerToken, body: rest });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ msg: 'Settings saved', settings: { ...rest, tags: NO_TAGS }, tags_allowed: false });
    });

    it('refuses tags with the catalogue error naming the field, and writes nothing', async () => {
      const free = await seedShop(deps, { plan: 'FREE' });
      const res = await call(deps, 'settings.save', { token: free.ownerToken, body: FULL });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ errors: [{ msg: 'This feature is available on the Monthly and Yearly plans', code: 'PLAN_FEATURE', param: 'tags' }] });
      expect(await itemOf(free.shop._id)).toBeUndefined();
    });

    it('refuses turning consignee notices on, naming the field, and takes them turned off or sent back as saved', async () => {
      const free = await seedShop(deps, { plan: 'FREE' });
      const on = await call(deps, 'settings.save', { token: free.ownerToken, body: { free_shipping_value: 0, consignee_notices: true } });
      expect(on.status).toBe(403);
      expect(on.body).toEqual({ errors: [{ msg: 'This feature is available on the Monthly and Yearly plans', code: 'PLAN_FEATURE', param: 'consignee_notices' }] });
      expect(await itemOf(free.shop._id)).toBeUndefined();

      const paid = await seedShop(deps, { plan: 'MONTHLY' });
      expect((await call(deps, 'settings.save', { token: paid.ownerToken, body: { free_shipping_value: 0, consignee_notices: true } })).body.settings.consignee_notices).toBe(true);
      await deps.shops.update(paid.shop._id, { plan: 'FREE' });
      const same = await call(deps, 'settings.save', { token: paid.ownerToken, body: { free_shipping_value: 50, consignee_notices: true } });
      expect(same.status).toBe(200);
      const off = await call(deps, 'settings.save', { token: paid.ownerToken, body: { free_shipping_value: 50, consignee_notices: false } });
      expect(off.body.settings.consignee_notices).toBe(false);
    });

    it('refuses clearing tags saved on a paid plan too, but takes them sent back unchanged', async () => {
      const shop = await seedShop(deps, { plan: 'MONTHLY' });
      await call(deps, 'settings.save', { token: shop.ownerToken, body: FULL });
      await deps.shops.update(shop.shop._id, { plan: 'FREE' });
      const cleared = await call(deps, 'settings.save', { token: shop.ownerToken, body: { free_shipping_value: 100, tags: NO_TAGS } });
      expect(cleared.status).toBe(403);
      expect(cleared.body.errors[0]).toMatchObject({ code: 'PLAN_FEATURE', param: 'tags' });
      const same = await call(deps, 'settings.save', { token: shop.ownerToken, body: { free_shipping_value: 100, tags: TAGS } });
      expect(same.status).toBe(200);
      expect(same.body.settings).toEqual({ ...FULL, free_shipping_value: 100 });
      expect(same.body.tags_allowed).toBe(false);
    });
  });

  describe('validation, with the messages a person reads', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['no free shipping value', { discount_name: 'x' }, 'free_shipping_value', 'Free shipping value is required'],
      ['a free shipping value that is text', { free_shipping_value: 'abc' }, 'free_shipping_value', 'Free shipping value must be a number'],
      ['a free shipping value off the 50 step', { free_shipping_value: 125 }, 'free_shipping_value', 'Free shipping value must be a multiple of 50'],
      ['a free shipping value over 50000', { free_shipping_value: 50050 }, 'free_shipping_value', 'Free shipping value must be at most 50000'],
      ['a negative free shipping value', { free_shipping_value: -50 }, 'free_shipping_value', 'Free shipping value must be at least 0'],
      ['a default weight of 0', { free_shipping_value: 0, default_weight: 0 }, 'default_weight', 'Default weight must be at least 1 gram'],
      ['a default weight over 50000', { free_shipping_value: 0, default_weight: 50001 }, 'default_weight', 'Default weight must be at most 50000 grams'],
      ['a fractional default weight', { free_shipping_value: 0, default_weight: 10.5 }, 'default_weight', 'Default weight must be whole grams'],
      ['a discount name of 51 characters', { free_shipping_value: 0, discount_name: 'd'.repeat(51) }, 'discount_name', 'Discount name must be at most 50 characters'],
      ['show discount as text', { free_shipping_value: 0, show_discount: 'yes' }, 'show_discount', 'Show discount must be true or false'],
      ['a tag of 41 characters', { free_shipping_value: 0, tags: { ...TAGS, delivered_tag: 't'.repeat(41) } }, 'tags.delivered_tag', 'Delivered tag must be at most 40 characters'],
      ['a tag with a comma', { free_shipping_value: 0, tags: { ...TAGS, rts_tag: 'returned, rts' } }, 'tags.rts_tag', 'Returned tag cannot contain a comma'],
      ['tags with one left out', { free_shipping_value: 0, tags: { inprocess_tag: 'dispatched' } }, 'tags.delivered_tag', "Delivered tag is required (send '' for no tag)"],
      ['two states with one tag', { free_shipping_value: 0, tags: { ...TAGS, cancelled_tag: 'delivered ' } }, 'tags.cancelled_tag',
        'Cancelled tag is the same as the delivered tag: each status needs its own tag'],
    ];
    it.each(cases)('refuses %s', async (_name, body, param, msg) => {
      const shop = await seedShop(deps, { plan: 'MONTHLY' });
      const res = await call(deps, 'settings.save', { token: shop.ownerToken, body });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toEqual({ msg, code: 'VALIDATION_FAILED', param });
      expect(await itemOf(shop.shop._id)).toBeUndefined();
    });

    it('takes the edges: 0 and 50000, weight 1 and 50000, empty tags', async () => {
      const shop = await seedShop(deps, { plan: 'MONTHLY' });
      for (const body of [
        { free_shipping_value: 50000, default_weight: 50000 },
        { free_shipping_value: 0, default_weight: 1, tags: NO_TAGS },
      ]) {
        const res = await call(deps, 'settings.save', { token: shop.ownerToken, body });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.settings).toMatchObject(body as Partial<StoreSettings>);
      }
    });
  });
});
