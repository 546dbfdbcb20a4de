import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** The element that has the focus: its field name (its own, or the data-field around it) and whether it is on screen. */
export function focused(page: Page): Promise<{ field: string | null; inView: boolean } | null> {
  // a string: the e2e project has no DOM types
  return page.evaluate(`(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const box = el.getBoundingClientRect();
    const field = el.getAttribute('name') || (el.closest('[data-field]') && el.closest('[data-field]').getAttribute('data-field'));
    return { field, inView: box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0 };
  })()`) as Promise<{ field: string | null; inView: boolean } | null>;
}

/** Waits until the field a refusal named has the focus and is on screen. */
export async function fieldBroughtToView(page: Page, field: string): Promise<void> {
  await expect.poll(() => focused(page)).toEqual({ field, inView: true });
}

/**
 * The refusal's summary sits by the button that sent the request: right above it (or right below), nothing
 * between them but a few pixels.
 */
export async function summaryByButton(page: Page, summary: string, button: string): Promise<void> {
  const gap = await page.evaluate(`(() => {
    const a = document.querySelector('[data-testid="${summary}"]').getBoundingClientRect();
    const b = document.querySelector('[data-testid="${button}"]').getBoundingClientRect();
    return Math.max(b.top - a.bottom, a.top - b.bottom);
  })()`) as number;
  expect(gap).toBeLessThan(80);
}

/** Scrolls the page to its end, where every form's button is: where a person is when they press it. */
export async function toTheButton(page: Page, button: string): Promise<void> {
  await page.getByTestId(button).scrollIntoViewIfNeeded();
  await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
}
