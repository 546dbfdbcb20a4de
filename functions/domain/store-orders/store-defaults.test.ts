import { describe, expect, it } from 'vitest';
import { startingWeight } from './store-defaults';

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

  it('is 100 g when neither is set', () => {
    expect(startingWeight({ weight: 0 }, { defaultWeight: 0 })).toBe(100);
  });
});
