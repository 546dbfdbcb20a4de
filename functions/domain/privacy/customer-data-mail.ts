import type { BookingRecord } from '../ports/bookings';
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

/** customers/data_request's answer, to the store's owner: Shopify expects the store to answer its customer. */
export function customerDataMail(to: string, shopName: string, requestId: string, bookings: BookingRecord[]): OutgoingMail {
  const intro = [
    `A customer of ${shopName} asked Shopify for the data stores keep about them (request ${requestId}).`,
    bookings.length
      ? `Dakiya keeps these ${bookings.length === 1 ? 'details of 1 booking' : `details of ${bookings.length} bookings`} made for them. Please send them to your customer.`
      : 'Dakiya keeps no booking for this customer.',
  ];
  const blocks = bookings.map(linesOf);
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
