import { paths } from '../../../lib/paths';
import { Bullets, Note, P, Section, To, Ui } from '../components/prose';

export default function OrderBookingDoc() {
  return (
    <>
      <P>
        Booking sends a Shopify order to a courier and gets a tracking number back. Dakiya then fulfils the order on Shopify with that number and a link to
        your tracking page, so Shopify's shipping email reaches your customer. See the <To to={paths.dashboard.docs('orderBookingGuide')}>Order booking guide</To> for a step-by-step walk-through.
      </P>
      <Section title="Three ways to book">
        <Bullets items={[
          <><Ui>One order</Ui>: from <To to={paths.dashboard.storeOrders()}>Store orders</To> (or 'Book with Dakiya' in the Shopify admin) open the booking form, check the consignee, city, weight and COD, and book.</>,
          <><Ui>Many orders</Ui>: tick orders on Store orders, pick one tracking account, and Dakiya books them in the background. The progress page shows each order's outcome and can be left and reopened.</>,
          <><Ui>Merged</Ui>: several orders of one customer in one parcel, one tracking number and one COD. See <To to={paths.dashboard.docs('mergeOrders')}>Merge orders</To>.</>,
        ]} />
      </Section>
      <Section title="What the form starts with">
        <Bullets items={[
          'The weight is the order\'s weight in Shopify, else the tracking account\'s weight, else the store\'s default weight from Settings (100 g until you set one).',
          'COD starts from what the order still has to collect; Settings decide how shipping and discounts count in it. You can change it before booking.',
          'The destination city must be on the courier\'s own list: Dakiya suggests the closest match and you pick it from the list.',
        ]} />
      </Section>
      <Section title="Booked once, and only once">
        <Bullets items={[
          'An order cannot be booked twice: a second click, a second tab or a retry after a dropped connection finds the first booking.',
          'When a courier\'s answer is lost on the way, Dakiya looks the parcel up by its reference (Leopards, PostEx). M&P and TCS cannot be asked, so the order shows "Needs a check" until someone says whether the courier made a parcel.',
          'A refusal from the courier is said in plain words (for example "TCS does not deliver to this city at the moment").',
        ]} />
        <Note>The free plan books 5000 orders a month; an order booked again after a cancel counts once. Booking needs the <Ui>Book orders</Ui> scope.</Note>
      </Section>
      <Section title="Airway bills">
        <P>
          Airway bills (the label stuck on the parcel) are being added: a printable PDF per booking, and several on one sheet for a bulk booking, with the
          tracking number as a barcode and the consignee's address in English or Urdu. Until then, print the courier's own label from its portal.
        </P>
      </Section>
    </>
  );
}
