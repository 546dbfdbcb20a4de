import { DEFAULT_SETTINGS, DEFAULT_STUCK_SETTINGS, SaveSettingsInput } from '@dakiya/shared';
import { describe, expect, it } from 'vitest';
import { bodyFrom, fieldOfPath, isDirty, serverErrors, validateSettings, valuesFrom } from './settings-form';

const saved = { ...DEFAULT_SETTINGS, free_shipping_value: 2500, tags: { ...DEFAULT_SETTINGS.tags, delivered_tag: 'Delivered' } };

describe('the settings form', () => {
  it('shows numbers as text and sends them as numbers', () => {
    const values = valuesFrom(saved);
    expect(values).toMatchObject({ free_shipping_value: '2500', default_weight: '100', delivered_tag: 'Delivered' });
    expect(bodyFrom(values, true)).toEqual({
      free_shipping_value: 2500, discount_name: '', show_discount: false, default_weight: 100, label_paper: 'A4', consignee_notices: false,
      tags: { inprocess_tag: '', delivered_tag: 'Delivered', cancelled_tag: '', rts_tag: '' },
      stuck_days: DEFAULT_STUCK_SETTINGS,
    });
  });

  it('leaves the tags out without the plan for them, so the server keeps the saved ones', () => {
    expect(bodyFrom(valuesFrom(saved), false)).not.toHaveProperty('tags');
    // consignee notices are a paid setting too: a free shop's save leaves them as saved
    expect(bodyFrom({ ...valuesFrom(saved), consignee_notices: true }, false)).not.toHaveProperty('consignee_notices');
    expect(bodyFrom({ ...valuesFrom(saved), consignee_notices: true }, true)).toMatchObject({ consignee_notices: true });
  });

  it("says what is wrong with the server's own messages, a tag's next to that tag", () => {
    const values = { ...valuesFrom(saved), free_shipping_value: '', default_weight: '0', rts_tag: 'returned, rts', cancelled_tag: 'delivered' };
    const result = validateSettings(SaveSettingsInput, values, true);
    expect(result).toEqual({
      ok: false,
      errors: {
        free_shipping_value: 'Free shipping value is required',
        default_weight: 'Default weight must be at least 1 gram',
        cancelled_tag: 'Cancelled tag is the same as the delivered tag: each status needs its own tag',
        rts_tag: 'Returned tag cannot contain a comma',
      },
    });
    expect(validateSettings(SaveSettingsInput, { ...valuesFrom(saved), free_shipping_value: '125', default_weight: ' ' }, true)).toMatchObject({
      ok: false, errors: { free_shipping_value: 'Free shipping value must be a multiple of 50', default_weight: 'Default weight is required' },
    });
  });

  it('a tag error is not checked when the tags are not sent', () => {
    const values = { ...valuesFrom(saved), rts_tag: 'a,b' };
    expect(validateSettings(SaveSettingsInput, values, false).ok).toBe(true);
  });

  it("places a refused save's messages by their param", () => {
    expect(serverErrors({ errors: [{ msg: 'This feature is available on the Monthly and Yearly plans', param: 'tags' }] })).toEqual({
      tags: 'This feature is available on the Monthly and Yearly plans',
    });
    expect(serverErrors({ errors: [{ msg: 'Delivered tag must be at most 40 characters', param: 'tags.delivered_tag' }, { msg: 'x' }] })).toEqual({
      delivered_tag: 'Delivered tag must be at most 40 characters',
    });
    expect(fieldOfPath('body')).toBe('_form');
  });

  it("keeps a field per courier and rule for stuck parcels, each refusal at its own field", () => {
    const values = valuesFrom(saved);
    expect(values['stuck_days.TCS.in_transit']).toBe(String(DEFAULT_STUCK_SETTINGS.TCS.in_transit));
    const changed = { ...values, 'stuck_days.TCS.in_transit': '10', 'stuck_days.MNP.not_picked_up': '' };
    expect(bodyFrom(changed, true).stuck_days).toEqual({
      ...DEFAULT_STUCK_SETTINGS, TCS: { ...DEFAULT_STUCK_SETTINGS.TCS, in_transit: 10 }, MNP: { ...DEFAULT_STUCK_SETTINGS.MNP, not_picked_up: null },
    });
    expect(validateSettings(SaveSettingsInput, { ...changed, 'stuck_days.LEOPARD.attempt_not_retried': '0' }, true)).toEqual({
      ok: false,
      errors: {
        'stuck_days.MNP.not_picked_up': 'Booked, not picked up is required',
        'stuck_days.LEOPARD.attempt_not_retried': 'Failed attempt, not retried must be at least 1 day',
      },
    });
    expect(serverErrors({ errors: [{ msg: 'In transit must be at most 60 days', param: 'stuck_days.POSTEX.in_transit' }] })).toEqual({
      'stuck_days.POSTEX.in_transit': 'In transit must be at most 60 days',
    });
    expect(isDirty({ ...values, 'stuck_days.TCS.in_transit': '10' }, saved)).toBe(true);
  });

  it('knows when something changed', () => {
    expect(isDirty(valuesFrom(saved), saved)).toBe(false);
    expect(isDirty({ ...valuesFrom(saved), show_discount: true }, saved)).toBe(true);
  });
});
