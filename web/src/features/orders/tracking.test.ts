import { describe, expect, it } from 'vitest';
import { courierCheckNote, timelineOf, trackingSteps } from './tracking';

const states = (current: number | null) => trackingSteps(current)?.map((s) => s.state) ?? null;

describe('the tracking modal', () => {
  it('shows the 4 steps of spec §4 with the current one marked', () => {
    expect(trackingSteps(2)!.map((s) => s.label)).toEqual(['Fulfilled', 'In process', 'Delivered', 'Cancelled']);
    expect(states(1)).toEqual(['current', 'upcoming', 'upcoming', 'upcoming']);
    expect(states(2)).toEqual(['done', 'current', 'upcoming', 'upcoming']);
  });

  it('never shows a delivered parcel as about to be cancelled, nor a cancelled one as delivered', () => {
    expect(states(3)).toEqual(['done', 'done', 'done', 'skipped']);
    expect(states(4)).toEqual(['done', 'skipped', 'skipped', 'current']);
  });

  it('shows a returned parcel (no step) as returned, not as a step', () => {
    expect(trackingSteps(null)).toBeNull();
  });

  it('lists the timeline newest first', () => {
    const details = [
      { status_message: 'Picked up', name: 'Pickup', status_date: '2026-11-20T10:00:00Z' },
      { status_message: 'At Lahore hub', name: 'Arrived', status_date: '2026-11-21T10:00:00Z' },
    ];
    expect(timelineOf(details).map((d) => d.name)).toEqual(['Arrived', 'Pickup']);
    expect(details[0]!.name).toBe('Pickup');
  });

  it('says what opening it did with the courier', () => {
    const base = { company: 'MNP' as const, last_checked_at: '2026-11-20T10:05:00Z' };
    expect(courierCheckNote({ ...base, courier_check: 'asked' }, 'Asia/Karachi')).toEqual({ tone: 'neutral', text: 'Checked with M&P just now.' });
    expect(courierCheckNote({ ...base, courier_check: 'recent' }, 'Asia/Karachi').text).toBe('Last checked with M&P on November 20, 2026 at 03:05 PM.');
    expect(courierCheckNote({ ...base, courier_check: 'unavailable' }, 'Asia/Karachi')).toEqual({
      tone: 'warning', text: 'M&P did not answer just now, so this is the status Dakiya last recorded (checked November 20, 2026 at 03:05 PM).',
    });
    expect(courierCheckNote({ ...base, courier_check: 'not-found' }).text).toMatch(/no tracking data for this parcel yet/);
  });
});
