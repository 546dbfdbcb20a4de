import { describe, expect, it } from 'vitest';
import { proposedWeight } from '@dakiya/shared';
import type { AccountRecord } from '../records';
import { toAccount } from './account-view';

const record = (weight: number): AccountRecord => ({
  _id: 'acc-1', shopId: 'shop-1', name: 'Leopards Karachi', company: 'LEOPARD', address_code: '', weight, in_active: false, city: 'Karachi',
  credentials: 'sealed', saved_credentials: ['api_key', 'api_password'], createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z',
});

describe("an account's weight as the browser sees it", () => {
  it('is the weight the account holds, 0 when it holds none, so the form proposes what the server books', () => {
    // Act
    const set = toAccount(record(750), undefined);
    const unset = toAccount(record(0), undefined);
    // Assess: the form's proposal from the answer is the server's starting weight at each level
    expect([set.weight, unset.weight]).toEqual([750, 0]);
    expect(proposedWeight({ accountWeight: set.weight, storeWeight: 300 })).toBe(750);
    expect(proposedWeight({ accountWeight: unset.weight, storeWeight: 300 })).toBe(300);
    expect(proposedWeight({ accountWeight: unset.weight, storeWeight: 0 })).toBe(100);
  });

  it('never carries the sealed credentials', () => {
    expect(JSON.stringify(toAccount(record(100), 'acc-1'))).not.toContain('sealed');
    expect(toAccount(record(100), 'acc-1')).toMatchObject({ is_default: true, weight: 100, saved_credentials: ['api_key', 'api_password'] });
  });
});
