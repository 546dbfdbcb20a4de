import { describe, expect, it } from 'vitest';
import type { ScorecardCity, ScorecardCourier } from '@dakiya/shared';
import { courierHint, rowDays } from './scorecard';

const courier = (fields: Partial<ScorecardCourier>): ScorecardCourier => ({
  company: 'LEOPARD', booked: 40, delivered: 30, returned: 5, deliveredPct: 85.7, returnedPct: 14.3, smallSample: false, best: false, medianDays: 2, p90Days: 9, ...fields,
});
const city = (fields: Partial<ScorecardCity>): ScorecardCity => ({
  city: 'Karachi', couriers: [], delivered: 40, medianDays: 4, p90Days: 15, daysByCourier: true, ...fields,
});

describe('the scorecard\'s days', () => {
  it('shows each courier its own median and p90, the top bucket as 15+', () => {
    expect(rowDays(city({}), courier({}), true)).toEqual({ median: '2', p90: '9' });
    expect(rowDays(city({}), courier({ medianDays: 3, p90Days: 15 }), false)).toEqual({ median: '3', p90: '15+' });
    expect(rowDays(city({}), courier({ medianDays: null, p90Days: null }), false)).toEqual({ median: '–', p90: '–' });
  });

  it('while the days are counted per city only, shows the city\'s once, marked', () => {
    const rebuilding = city({ daysByCourier: false });
    expect(rowDays(rebuilding, courier({ medianDays: null, p90Days: null }), true)).toEqual({ median: '4 (city)', p90: '15+ (city)' });
    expect(rowDays(rebuilding, courier({ medianDays: null, p90Days: null }), false)).toEqual({ median: '', p90: '' });
  });

  it('on the booking form: the delivered share, the median when known, best or few parcels', () => {
    expect(courierHint(courier({ best: true }))).toBe('85.7% delivered, median 2 days (best)');
    expect(courierHint(courier({ medianDays: 1, smallSample: true }))).toBe('85.7% delivered, median 1 day (few parcels)');
    expect(courierHint(courier({ deliveredPct: null, medianDays: null }))).toBe('nothing ended yet');
  });
});
