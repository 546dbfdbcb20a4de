import { describe, expect, it } from 'vitest';
import { trackingShareText, whatsAppShareLink } from './whatsapp';

describe('whatsAppShareLink', () => {
  it('opens a chat with the consignee at 92XXXXXXXXXX, whatever form the phone was typed in, with the text encoded', () => {
    for (const phone of ['03001234567', '+92 300 1234567', '0092-300-1234567', '923001234567', '300 1234567'.replace(/^/, '0')]) {
      expect(whatsAppShareLink(phone, 'Track: https://app.dakiya.pk/track/LE1 & more')).toBe('https://wa.me/923001234567?text=Track%3A%20https%3A%2F%2Fapp.dakiya.pk%2Ftrack%2FLE1%20%26%20more');
    }
  });

  it('offers no link for a phone that is not a Pakistani mobile', () => {
    for (const phone of ['', null, undefined, '0421234567', '+44 7700 900123']) expect(whatsAppShareLink(phone, 'x')).toBeUndefined();
  });

  it('says the order, the number and the page, and nothing of where the parcel is', () => {
    expect(trackingShareText('Karachi Kapra House', '#1001', 'LE1', 'https://app.dakiya.pk/track/LE1'))
      .toBe('Karachi Kapra House: track your order #1001 (tracking number LE1) here: https://app.dakiya.pk/track/LE1');
    expect(trackingShareText(undefined, '#1001', 'LE1', 'https://app.dakiya.pk/track/LE1'))
      .toBe('Track your order #1001 (tracking number LE1) here: https://app.dakiya.pk/track/LE1');
  });
});
