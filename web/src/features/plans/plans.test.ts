import { describe, expect, it } from 'vitest';
import { PLANS } from '@dakiya/shared';
import { cardAction, monthLabel, priceLabel, returnOutcome, returnParams, usagePercent } from './plans';

describe('plans page rules', () => {
  it('fills the usage bar by orders / 5000, never past full', () => {
    expect(usagePercent(0)).toBe(0);
    expect(usagePercent(1234)).toBe(24.7);
    expect(usagePercent(5000)).toBe(100);
    expect(usagePercent(7000)).toBe(100);
  });

  it('names the month and the prices', () => {
    expect(monthLabel('2026-11')).toBe('November 2026');
    expect(PLANS.map((p) => priceLabel(p))).toEqual([
      { amount: '$0', period: 'free forever' }, { amount: '$10', period: 'per month' }, { amount: '$99.99', period: 'per year' },
    ]);
  });

  it('offers each card what the current plan allows', () => {
    expect(['FREE', 'MONTHLY', 'YEARLY'].map((p) => cardAction(p as 'FREE', 'FREE'))).toEqual(['current', 'subscribe', 'subscribe']);
    expect(['FREE', 'MONTHLY', 'YEARLY'].map((p) => cardAction(p as 'FREE', 'MONTHLY'))).toEqual(['none', 'cancel', 'switch']);
    expect(cardAction('MONTHLY', undefined)).toBe('unknown');
  });

  it('reads the return and believes only the check', () => {
    const back = returnParams(new URLSearchParams('success=true&charge_id=1029266947'))!;
    expect(back).toEqual({ success: true, chargeId: '1029266947' });
    expect(returnOutcome(back, { charge: { id: '1029266947', approved: true } })).toBe('subscribed');
    expect(returnOutcome(back, { charge: { id: '1029266947', approved: false } })).toBe('failed');
    expect(returnOutcome(returnParams(new URLSearchParams('success=true'))!, {})).toBe('failed');
    expect(returnOutcome(returnParams(new URLSearchParams('success=false&charge_id=1'))!, { charge: { id: '1', approved: true } })).toBe('failed');
    expect(returnParams(new URLSearchParams('charge_id=1'))).toBeNull();
    expect(returnParams(new URLSearchParams('success=true&charge_id=abc'))).toEqual({ success: true, chargeId: undefined });
  });
});
