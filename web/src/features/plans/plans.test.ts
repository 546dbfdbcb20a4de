import { describe, expect, it } from 'vitest';
import { PLANS } from '@dakiya/shared';
import { cancelMessage, cardAction, declinedMessage, freeReasonMessage, monthLabel, priceLabel, returnOutcome, returnParams, stillOnMessage, usagePercent } from './plans';

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

  it('a charge the merchant declined is said as that, with the plan the shop stays on', () => {
    const back = returnParams(new URLSearchParams('success=true&charge_id=1029266947'))!;
    expect(returnOutcome(back, { charge: { id: '1029266947', approved: false, declined: true } })).toBe('declined');
    // Shopify did not say declined: still the spec's failure
    expect(returnOutcome(back, { charge: { id: '1029266947', approved: false } })).toBe('failed');
    // another charge's answer is not this one's
    expect(returnOutcome(back, { charge: { id: '1', approved: false, declined: true } })).toBe('failed');
    expect(declinedMessage({ planId: 'FREE', plan: 'Basic' })).toBe('You declined the charge on Shopify; your shop stays on FREE');
    expect(declinedMessage({ planId: 'MONTHLY', plan: 'Monthly' })).toBe('You declined the charge on Shopify; your shop stays on Monthly');
  });

  it('the cancel dialog says the paid period is given up, to its date', () => {
    expect(cancelMessage('2026-12-26T10:00:00.000Z', 'Asia/Karachi')).toBe(
      'You go back to the free plan now. You give up the rest of the period you paid for, which runs to December 26, 2026: Shopify does not refund it. '
      + 'Every staff user (admins stay) and every tracking account but the default will be deactivated. You can reactivate them by hand, or when you subscribe again.',
    );
    expect(cancelMessage(null)).not.toMatch(/period/);
  });

  it('the paid cards list what the paid plans do, the status sync and its order tags included (issue 21)', () => {
    expect(PLANS.find((p) => p.id === 'MONTHLY')!.features).toEqual([
      'Unlimited orders', 'Unlimited tracking accounts and users', 'Automatic status updates', 'CSV export', 'Two-factor authentication', 'Order tag settings',
    ]);
    expect(PLANS.find((p) => p.id === 'YEARLY')!.features).toEqual(['Everything in Monthly', 'Two months free']);
  });
});
