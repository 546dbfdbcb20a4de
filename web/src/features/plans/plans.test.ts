import { describe, expect, it } from 'vitest';
import { PLANS } from '@dakiya/shared';
import { cardAction, freeReasonMessage, monthLabel, priceLabel, returnOutcome, returnParams, stillOnMessage, usagePercent } from './plans';

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

  it('says which plan a failed return leaves the shop on', () => {
    expect(stillOnMessage({ planId: 'MONTHLY', plan: 'Monthly' })).toBe('You are still on the Monthly plan.');
    expect(stillOnMessage({ planId: 'FREE', plan: 'Basic' })).toBe('You are still on the free plan.');
  });

  it('says why the shop is on FREE, only while it is', () => {
    expect(freeReasonMessage({ subscribed: false, freeBecause: { reason: 'FROZEN', plan: 'Monthly' } })).toBe(
      'Shopify froze your Monthly charge (an unpaid bill). Your shop is on the free plan until it is paid in Shopify; the staff and accounts it deactivated come back then.',
    );
    expect(freeReasonMessage({ subscribed: false, freeBecause: { reason: 'CANCELLED_BY_MERCHANT', plan: 'Yearly' } })).toBe(
      'You cancelled your Yearly subscription. Your shop is on the free plan.',
    );
    expect(freeReasonMessage({ subscribed: false, freeBecause: { reason: 'DECLINED', plan: 'Monthly' } })).toBe('Your Monthly charge was declined in Shopify. Your shop is on the free plan.');
    expect(freeReasonMessage({ subscribed: false, freeBecause: { reason: 'EXPIRED', plan: 'Monthly' } })).toBe('Your Monthly charge expired in Shopify. Your shop is on the free plan.');
    expect(freeReasonMessage({ subscribed: false, freeBecause: { reason: 'CANCELLED', plan: 'Monthly' } })).toBe('Your Monthly charge was cancelled in Shopify. Your shop is on the free plan.');
    expect(freeReasonMessage({ subscribed: false, freeBecause: { reason: 'ENDED', plan: 'Monthly' } })).toBe('Your Monthly charge ended in Shopify. Your shop is on the free plan.');
    expect(freeReasonMessage({ subscribed: false })).toBeNull();
    expect(freeReasonMessage({ subscribed: true, freeBecause: { reason: 'FROZEN', plan: 'Monthly' } })).toBeNull();
  });
});
