import { describe, expect, it } from 'vitest';
import { COURIER_IDS } from '@dakiya/shared';
import { COURIER_MODULES } from './index';

describe('courier adapters', () => {
  it('has exactly one adapter folder per courier definition', () => {
    expect(COURIER_MODULES.map((m) => m.id).sort()).toEqual([...COURIER_IDS].sort());
  });
});
