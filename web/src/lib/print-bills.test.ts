import { describe, expect, it } from 'vitest';
import { LABELS_AT_ONCE } from '@dakiya/shared';
import { fallbackNote, labelParts } from './print-bills';

describe("the couriers' own labels", () => {
  it('print a long list in parts of at most LABELS_AT_ONCE, in the order given', () => {
    const numbers = Array.from({ length: 2 * LABELS_AT_ONCE + 3 }, (_, i) => `KI${i}`);
    const parts = labelParts(numbers);
    expect(parts.map(({ from, to }) => [from, to])).toEqual([[1, 50], [51, 100], [101, 103]]);
    expect(parts.flatMap((p) => p.trackingNumbers)).toEqual(numbers);
    expect(labelParts(['KI1'])).toEqual([{ from: 1, to: 1, trackingNumbers: ['KI1'] }]);
    expect(labelParts([])).toEqual([]);
  });

  it("say how many parcels got Dakiya's bill instead, and each reason once", () => {
    expect(fallbackNote({ count: 3 })).toBeNull();
    expect(fallbackNote({ count: 3, notes: [] })).toBeNull();
    expect(fallbackNote({ count: 1, notes: [{ trackingNumber: 'M1', note: "M&P has no label of its own: Dakiya's airway bill" }] }))
      .toBe("1 parcel has Dakiya's airway bill instead: M&P has no label of its own.");
    expect(fallbackNote({
      count: 5,
      notes: [
        { trackingNumber: 'M1', note: "M&P has no label of its own: Dakiya's airway bill" },
        { trackingNumber: 'M2', note: "M&P has no label of its own: Dakiya's airway bill" },
        { trackingNumber: 'T1', note: "TCS did not answer in time: Dakiya's airway bill" },
      ],
    })).toBe("3 of 5 parcels have Dakiya's airway bill instead: M&P has no label of its own; TCS did not answer in time.");
  });
});
