import { paths } from '../../../lib/paths';
import { Note, P, Section, Steps, To, Ui } from '../components/prose';

export default function OrderBookingGuideDoc() {
  return (
    <>
      <P>The first time takes five minutes, most of it adding a tracking account; after that, a booking is a few clicks.</P>
      <Section title="Before the first booking">
        <Steps items={[
          <>Add a tracking account under <To to={paths.dashboard.accounts()}>Accounts</To> and mark it Default (see <To to={paths.dashboard.docs('trackingAccounts')}>Tracking accounts</To>).</>,
          <>In <To to={paths.dashboard.settings()}>Settings</To>, set the default weight for orders whose products carry no weight in Shopify, and how shipping and discounts count in the COD.</>,
          <>Give staff who book their own user with the <Ui>Book orders</Ui> scope (see <To to={paths.dashboard.docs('users')}>User management</To>), so Orders shows who booked what.</>,
        ]} />
      </Section>
      <Section title="Booking one order">
        <Steps items={[
          <>Open <To to={paths.dashboard.storeOrders()}>Store orders</To>: your Shopify orders still to book, newest first. Search by order number if you know it.</>,
          <>Click <Ui>Book</Ui> on the order. The form opens with the consignee, address, phone, products, weight and COD from Shopify.</>,
          'Choose the tracking account (the default is chosen). The destination city must be one the courier lists: pick the suggested one or search the list.',
          'Check the phone (a Pakistani mobile number), the weight and the COD. Add remarks for the rider if needed.',
          <>Click <Ui>Book</Ui>. The summary shows the tracking number and a Fulfilled badge: the order is fulfilled on Shopify and your customer gets the tracking link by email.</>,
        ]} />
      </Section>
      <Section title="Booking a day's orders at once">
        <Steps items={[
          <>On <To to={paths.dashboard.storeOrders()}>Store orders</To>, tick the orders (or select the whole page) and click <Ui>Bulk book</Ui>.</>,
          'Pick one tracking account for all of them. The form says which orders will not be booked and why (already booked, cancelled on Shopify, waiting for a courier check).',
          'Start the booking. The progress page fills in order by order; you can leave it and come back, and it is kept for everyone in the shop.',
          <>Orders the courier refused stay unbooked with the courier's reason; open one with <Ui>Book on its own</Ui> to fix its city or phone and book it.</>,
        ]} />
      </Section>
      <Section title="After booking">
        <Steps items={[
          <>Follow parcels in <To to={paths.dashboard.orders()}>Orders</To>; statuses move as the courier scans them.</>,
          'To undo a booking before pickup, open it and click Cancel: the courier cancels the parcel and Shopify\'s fulfillment is cancelled, and the order can be booked again.',
          'When the courier pays you, import its payment report as a CSV to mark parcels PAID.',
        ]} />
        <Note>Something went wrong mid-way (a dropped connection, a closed tab)? Open the order again: Dakiya resumes the same booking rather than making a second parcel.</Note>
      </Section>
    </>
  );
}
