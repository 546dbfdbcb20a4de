import { describe, expect, it } from 'vitest';
import { mergedWeight, startingWeight } from './store-defaults';

describe('the weight a booking starts from', () => {
  it('is the chosen account\'s weight when it has one', () => {
    // Prepare: an account of 750 g in a store whose default is 300 g
    const account = { weight: 750 };
    // Act
    const weight = startingWeight(account, { defaultWeight: 300 });
    // Assess
    expect(weight).toBe(750);
  });

  it('is the store\'s default weight when the account has none (0) or none is chosen yet', () => {
    expect(startingWeight({ weight: 0 }, { defaultWeight: 300 })).toBe(300);
    expect(startingWeight(undefined, { defaultWeight: 300 })).toBe(300);
  });

  it('is the order\'s own weight first, when Shopify weighs it', () => {
    expect(startingWeight({ weight: 750 }, { defaultWeight: 300 }, 1250)).toBe(1250);
    expect(startingWeight({ weight: 750 }, { defaultWeight: 300 }, null)).toBe(750);
  });

  it('weighs a merge as its orders together, only when each of them has a weight', () => {
    expect(mergedWeight([400, 650])).toBe(1050);
    expect(mergedWeight([400, null])).toBeNull();
    expect(mergedWeight([])).toBeNull();
  });

  it('is 100 g when neither is set', () => {
    expect(startingWeight({ weight: 0 }, { defaultWeight: 0 })).toBe(100);
  });
});
