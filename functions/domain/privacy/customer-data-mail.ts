import type { BookingAttempt, BookingRecord } from '../ports/bookings';
import type { OutgoingMail } from '../ports/mailer';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One booking as the owner forwards it to the customer: the consignee fields Dakiya keeps, and the parcel they belong to. */
function linesOf(b: BookingRecord): string[] {
  const c = b.consignee;
  return [
    `Booking ${b.trackingNumber} (${b.orderNames.join(', ')}), booked ${b.bookedAt.slice(0, 10)}, status ${b.status}`,
    `Name: ${c.name}`,
    `Phone: ${[c.phone, c.phone2, c.phone3].filter(Boolean).join(', ')}`,
    `Email: ${c.email || '(none)'}`,
    `Address: ${c.address}, ${b.destinationCity}`,
  ];
}

/** An attempt no booking shows: what the courier was sent for the customer's orders, and where it stands. */
function attemptLines(a: BookingAttempt): string[] {
  const plan = a.plan!;
  const c = plan.consignee;
  return [
    `Booking attempt for ${plan.orderNames.join(', ')} (reference ${plan.reference}), started ${a.createdAt.slice(0, 10)}, ${a.stage === 'released' ? 'not booked' : 'waiting for a check with the courier'}`,
    `Name: ${c.name}`,
    `Phone: ${[c.phone, c.phone2, c.phone3].filter(Boolean).join(', ')}`,
    `Email: ${c.email || '(none)'}`,
    `Address: ${c.address}, ${plan.destinationCity}`,
  ];
}

/** customers/data_request's answer, to the store's owner: Shopify expects the store to answer its customer. */
export function customerDataMail(to: string, shopName: string, requestId: string, bookings: BookingRecord[], attempts: BookingAttempt[] = []): OutgoingMail {
  const intro = [
    `A customer of ${shopName} asked Shopify for the data stores keep about them (request ${requestId}).`,
    bookings.length
      ? `Dakiya keeps these ${bookings.length === 1 ? 'details of 1 booking' : `details of ${bookings.length} bookings`} made for them. Please send them to your customer.`
      : 'Dakiya keeps no booking for this customer.',
    ...(attempts.length ? [`It also keeps what was sent to a courier in ${attempts.length === 1 ? '1 attempt' : `${attempts.length} attempts`} to book their orders that no booking shows.`] : []),
  ];
  const blocks = [...bookings.map(linesOf), ...attempts.map(attemptLines)];
  return {
    to,
    subject: `Customer data request ${requestId}: what Dakiya keeps`,
    text: `${intro.join('\n\n')}\n\n${blocks.map((lines) => lines.join('\n')).join('\n\n')}\n`,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#334155">
${intro.map((p) => `<p>${escape(p)}</p>`).join('\n')}
${blocks.map((lines) => `<p>${lines.map(escape).join('<br>')}</p>`).join('\n')}
</body></html>`,
  };
}
