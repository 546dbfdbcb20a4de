import { describe, expect, it } from 'vitest';
import { TCS } from './couriers/tcs';
import { LEOPARD } from './couriers/leopard';
import { courierWeightIssue, proposedWeight, weightProposal } from './parcel-weight';

describe('proposedWeight', () => {
  it('takes the account weight first', () => {
    expect(proposedWeight({ accountWeight: 750, storeWeight: 300 })).toBe(750);
  });
  it('falls back to the store default when the account has none (0 or missing)', () => {
    expect(proposedWeight({ accountWeight: 0, storeWeight: 300 })).toBe(300);
    expect(proposedWeight({ storeWeight: 300 })).toBe(300);
  });
  it('is 100 g when neither is set', () => {
    expect(proposedWeight({ accountWeight: null, storeWeight: 0 })).toBe(100);
    expect(proposedWeight({})).toBe(100);
  });
});

describe('the order\'s own weight', () => {
  it('comes before the account\'s and the store\'s, in whole grams', () => {
    expect(weightProposal({ orderWeight: 1250, accountWeight: 750, storeWeight: 300 })).toEqual({ grams: 1250, from: 'order' });
    expect(proposedWeight({ orderWeight: 999.6, accountWeight: 750 })).toBe(1000);
  });
  it('is not set at 0 (Shopify\'s answer for products without a weight) or when missing', () => {
    expect(weightProposal({ orderWeight: 0, accountWeight: 750, storeWeight: 300 })).toEqual({ grams: 750, from: 'account' });
    expect(weightProposal({ orderWeight: null, storeWeight: 300 })).toEqual({ grams: 300, from: 'store' });
  });
});

describe('weightProposal', () => {
  it('says where the proposed weight comes from', () => {
    expect(weightProposal({ accountWeight: 750, storeWeight: 300 })).toEqual({ grams: 750, from: 'account' });
    expect(weightProposal({ accountWeight: 0, storeWeight: 300 })).toEqual({ grams: 300, from: 'store' });
    expect(weightProposal({})).toEqual({ grams: 100, from: 'default' });
  });
});

describe('courierWeightIssue', () => {
  it('refuses a parcel lighter than the courier takes, in the words the server uses', () => {
    expect(courierWeightIssue(TCS, 499)).toBe('Weight must be at least 500 grams for TCS');
    expect(courierWeightIssue(TCS, 500)).toBeUndefined();
  });
  it('says nothing for a courier that takes any weight', () => {
    expect(courierWeightIssue(LEOPARD, 1)).toBeUndefined();
  });
});
