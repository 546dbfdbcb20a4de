import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readInbox } from '../local/services/ses';
import { launch, shot } from './support/browser';
import { offlineImages } from './support/booking';
import { newStaff, signedIn, toastSays, VIEWPORTS, type Person } from './support/failures';
import { api } from './support/inbox';

/**
 * Sending the consignee their tracking link, as a merchant does it: by email from the booking page, from
 * an orders-list row and from the tracking modal (the mail read in the local SES inbox), and on
 * WhatsApp (the link's href: wa.me to 92XXXXXXXXXX with the tracking link in the text). An order
 * without an email is refused in the catalogue's words.
 */
let browser: Browser;
let clerk: Person;
let withEmail: string;
let withoutEmail: string;
const EMAIL = `zainab.${Date.now()}@example.pk`;
const NO_EMAIL = 'This order has no email address for the customer. Share the tracking link on WhatsApp instead.';

/** One order of the demo shop booked with Leopards through the API, with or without the consignee's email. */
async function book(token: string, email?: string): Promise<string> {
  const accounts = (await api().call('accounts.active', { token })).accounts;
  const account = accounts.find((a) => a.company === 'LEOPARD')!;
  const page = await api().call('storeOrders.list', { token, query: { filter: 'cod', limit: 50 } });
  for (const order of page.orders) {
    const res = await api().call('booking.book', {
      token,
      body: {
        tracking_account: account._id, order_id: order.id, order_name: order.name, pieces: 1, weight: 500, cod_amount: 2500, products_list: 'Lawn suit x 1',
        consignee_name: 'Zainab Qureshi', consignee_phone: '0300 1234567', consignee_address: 'Flat 12, Clifton Block 5', destination_city: 'Karachi',
        ...(email ? { consignee_email: email } : {}),
      },
    }).catch(() => undefined);
    if (res) return res.booking.tracking_number;
  }
  throw new Error('no store order could be booked');
}

async function mailTo(to: string, since: number, tracking: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mail = (await readInbox(inject('inboxUrl'), since)).find((m) => m.destination.to.includes(to) && m.body.text?.includes(`/track/${tracking}`));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no tracking link for ${tracking} reached ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The WhatsApp link: a chat with 92 300 1234567 (typed '0300 1234567') whose text carries the parcel's tracking page. */
async function expectWhatsApp(page: Page, scope: Page | ReturnType<Page['getByTestId']>, tracking: string) {
  const href = (await scope.getByTestId(`share-whatsapp-${tracking}`).getAttribute('href'))!;
  expect(href.startsWith('https://wa.me/923001234567?text=')).toBe(true);
  expect(decodeURIComponent(href.split('?text=')[1]!)).toContain(`${new URL(page.url()).origin}/track/${tracking} `.trimEnd());
}

beforeAll(async () => {
  browser = await launch();
  clerk = await newStaff('USER', ['READ_ORDERS', 'BOOK_ORDERS', 'WRITE_ORDERS'], 'owner');
  const { auth_token } = await api().call('auth.login', { body: { email: clerk.email, password: clerk.password } });
  withEmail = await book(auth_token, EMAIL);
  withoutEmail = await book(auth_token);
});
afterAll(async () => { await browser?.close(); });

/**
 * While a toast shows, every button of the tracking modal (the corner's Close, the footer's email,
 * WhatsApp, public page and Close) is what a finger on its centre touches, not the toast: read in one
 * go in the page, so the toast cannot leave between the two checks.
 */
async function modalButtonsFree(page: Page, toasts: number) {
  const seen = await page.evaluate(() => {
    const toasts = [...document.querySelectorAll<HTMLElement>('[data-testid="toast"]')].filter((t) => t.dataset.state === 'open');
    const modal = document.querySelector('[data-testid="tracking-modal"]');
    const buttons = [...(modal?.querySelectorAll<HTMLElement>('.chakra-dialog__footer a, .chakra-dialog__footer button, [data-part="close-trigger"]') ?? [])];
    return {
      toasts: toasts.length,
      buttons: buttons.map((b) => {
        const r = b.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return { name: b.textContent?.trim() || b.getAttribute('aria-label') || '', free: Boolean(hit && b.contains(hit)) };
      }),
    };
  });
  expect(seen.toasts).toBe(toasts);
  expect(seen.buttons.map((b) => b.name)).toEqual(expect.arrayContaining(['Email tracking link', 'Share on WhatsApp', 'Close']));
  expect(seen.buttons.filter((b) => !b.free)).toEqual([]);
}

async function emailFrom(page: Page, scope: Page | ReturnType<Page['getByTestId']>, tracking: string, shotName: string, whileToastShows?: () => Promise<void>) {
  const since = Math.floor(Date.now() / 1000) - 1;
  await scope.getByTestId(`share-email-${tracking}`).first().click();
  await toastSays(page, `Tracking link sent to ${EMAIL}`);
  if (whileToastShows) {
    // the pointer on the toast holds it open (a busy machine once let its six seconds run out before the check)
    await page.getByTestId('toast').first().hover();
    await whileToastShows();
    await page.mouse.move(0, 0);
  }
  await shot(page, shotName);
  const mail = await mailTo(EMAIL, since, tracking);
  expect(mail.subject).toMatch(/^Track your order from /);
  expect(mail.body.text).toContain(`${inject('appUrl')}/track/${tracking}`);
}

describe.each(VIEWPORTS)('sending the tracking link (%s)', (size, viewport) => {
  it('from the booking page: the email reaches the consignee, and WhatsApp opens a chat with the link', async () => {
    const page = await signedIn(browser, clerk, viewport);
    offlineImages(page);
    await page.goto(`/dashboard/post-booking?tracking=${withEmail}`);
    await page.getByTestId('post-booking-tracking').waitFor();
    await expectWhatsApp(page, page, withEmail);
    await emailFrom(page, page, withEmail, `share-booking-page-${size}`);
    await page.close();
  });

  it('from the orders list: a row sends it, the tracking modal sends it and offers WhatsApp', async () => {
    const page = await signedIn(browser, clerk, viewport);
    await page.goto(`/dashboard/orders?query=${withEmail}`);
    await page.getByTestId(`order-row-${withEmail}`).first().waitFor();
    await emailFrom(page, page, withEmail, `share-orders-row-${size}`);
    // the row's toast gone first, so the modal's checks below count only its own toasts
    await expect.poll(() => page.getByTestId('toast').count(), { timeout: 15_000 }).toBe(0);
    await page.getByTestId(`order-name-${withEmail}`).first().click();
    const modal = page.getByTestId('tracking-modal');
    await modal.getByTestId(`share-whatsapp-${withEmail}`).waitFor();
    await expectWhatsApp(page, modal, withEmail);
    await emailFrom(page, modal, withEmail, `share-tracking-modal-${size}`, async () => {
      await modalButtonsFree(page, 1);
      // a second send stacks a second toast: two once reached the footer's buttons on a desktop
      // sent from the keyboard, so the pointer stays on the toasts and holds both open
      await modal.getByTestId(`share-email-${withEmail}`).first().focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('[data-testid="toast"][data-state="open"]').count()).toBe(2);
      await modalButtonsFree(page, 2);
    });
    await page.close();
  });

  it('an order without an email is refused in plain words; WhatsApp is still offered', async () => {
    const page = await signedIn(browser, clerk, viewport);
    offlineImages(page);
    await page.goto(`/dashboard/post-booking?tracking=${withoutEmail}`);
    await page.getByTestId('post-booking-tracking').waitFor();
    await page.getByTestId(`share-email-${withoutEmail}`).click();
    await toastSays(page, NO_EMAIL);
    await expectWhatsApp(page, page, withoutEmail);
    await shot(page, `share-no-email-${size}`);
    await page.close();
  });
});
