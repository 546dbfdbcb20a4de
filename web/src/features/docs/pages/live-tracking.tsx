import { paths } from '../../../lib/paths';
import { Bullets, Note, P, Section, To, Ui } from '../components/prose';

export default function LiveTrackingDoc() {
  return (
    <>
      <P>
        Every parcel Dakiya books gets a public tracking page at <Ui>/track/&lt;tracking number&gt;</Ui>. Shopify's shipping confirmation email links to it,
        so your customer follows the parcel on your store's page, not on the courier's.
      </P>
      <Section title="What your customer sees">
        <Bullets items={[
          'A greeting with their first name and your store\'s name, and the status in large type: on its way, delivered, cancelled or returned.',
          'A progress line (Booked, On its way, Delivered) and the courier\'s scans, newest first.',
          'The courier, the tracking number, the order number and the booking day. Nothing else: no phone, address, amount or other orders, because tracking numbers are easy to guess.',
          'A language link shows the page in Urdu, right to left, in the phone\'s own Urdu font.',
        ]} />
        <P>The page is one small file with no scripts, so it opens in about a second even on a slow mobile connection.</P>
      </Section>
      <Section title="How fresh it is">
        <Bullets items={[
          'When the stored status is older than ten minutes, Dakiya asks the courier before showing the page; a courier that does not answer leaves the last known status.',
          'The page is kept for a minute so that many reloads of one number cost the courier one question.',
          <>In the dashboard, clicking a row of <To to={paths.dashboard.orders()}>Orders</To> opens the same tracking with the consignee's details, for you only.</>,
        ]} />
      </Section>
      <Section title="Sharing a tracking link">
        <P>
          After booking, and from a parcel's tracking window, you can copy the link, send it on WhatsApp with a ready message, or email it to the customer
          (when the order has an email address).
        </P>
        <Note>A number Dakiya never booked shows "We could not find a parcel with this number", and a courier outage shows "Try again" rather than a wrong status.</Note>
      </Section>
    </>
  );
}
