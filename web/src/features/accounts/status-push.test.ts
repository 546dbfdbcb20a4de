import { describe, expect, it } from 'vitest';
import { lastPushText } from './status-push';

describe('lastPushText', () => {
  it('gives the last push in the shop\'s time zone, whatever the browser\'s', () => {
    // 22:30 UTC is already the next morning in Karachi (UTC+5), and the previous afternoon in New York
    expect(lastPushText('2026-11-26T22:30:00.000Z', 'Leopards', 'Asia/Karachi'))
      .toBe('Last push: November 27, 2026 at 03:30 AM. Dakiya asks Leopards about these parcels once a day as well.');
    expect(lastPushText('2026-11-26T22:30:00.000Z', 'Leopards', 'America/New_York')).toContain('November 26, 2026 at 05:30 PM');
  });

  it('says when no push came yet', () => {
    expect(lastPushText(null, 'Leopards', 'Asia/Karachi')).toBe('No push yet: until Leopards sends one, Dakiya asks about these parcels through the day.');
  });
});
