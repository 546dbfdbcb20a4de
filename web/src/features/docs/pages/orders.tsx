import { paths } from '../../../lib/paths';
import { Bullets, Note, P, Section, Steps, To, Ui } from '../components/prose';

export default function OrdersDoc() {
  return (
    <>
      <P>
        <To to={paths.dashboard.orders()}>Orders</To> lists every parcel Dakiya booked for your store, newest first, 50 to a page. One row is one tracking
        number: a merged parcel is one row for all its Shopify orders.
      </P>
      <Section title="Finding an order">
        <Bullets items={[
          <>The search box takes an order number (with or without #), a tracking number, a phone number, a destination city, a status word, or <Ui>merged</Ui>. It searches as you stop typing.</>,
          <><Ui>Filters</Ui> narrow by status, payment status (paid or unpaid), courier, the staff member who booked it, destination city, tracking number, phone, the MERGED tag, delivery days (more than, less than or exactly N days), and booking or delivered dates.</>,
          'Every filter shows as a chip you can remove, and lives in the page address: copy the address to share exactly what you see.',
          <><Ui>Needs attention</Ui> lists what a person must act on: bookings whose Shopify order or fulfillment was cancelled in the Shopify admin, and attempts waiting for a check with the courier.</>,
        ]} />
      </Section>
      <Section title="Reading a row">
        <Bullets items={[
          <>The order name is struck through when the booking is cancelled. <Ui>Booked by</Ui> shows the tag of the member who booked it.</>,
          <><Ui>Days</Ui> is booking day to delivery day; <Ui>Booked days</Ui> counts the days since booking for parcels still moving and is highlighted past three days, so a stuck parcel stands out.</>,
          <>Click a row to open its tracking: the courier's latest status, a four-step progress and every scan. <Ui>Track</Ui> opens the public page your customer sees.</>,
          <><Ui>Cancel</Ui> appears while a parcel is neither delivered nor cancelled and needs the <Ui>Cancel bookings</Ui> scope. It cancels with the courier (M&P has no cancel: only the Shopify fulfillment is cancelled) and frees the order to be booked again.</>,
        ]} />
      </Section>
      <Section title="Payment status by CSV (import)">
        <Steps items={[
          <>Click <Ui>Import</Ui> and download the sample file: one column of tracking numbers and one of payment status (PAID or UNPAID).</>,
          'Fill it from your courier\'s payment report and upload it (one CSV file, at most 5 MB).',
          'Dakiya updates each booking it finds and tells you how many rows were updated, and which rows it could not use and why.',
        ]} />
      </Section>
      <Section title="Export to CSV">
        <P>
          <Ui>Export</Ui> (Monthly and Yearly plans, <Ui>Export orders</Ui> scope) writes the list's columns for the matched orders (what your filters show) or for
          every store order. The file is prepared in the background and you download it from the same window when it is ready; a shop runs one export at a time.
          Cells that start like a spreadsheet formula are escaped, so a consignee's name can never run as a formula in Excel.
        </P>
        <Note>Statuses move by themselves on paid plans: Dakiya regularly asks the couriers about every parcel still moving. On the free plan, open a parcel's tracking to refresh it.</Note>
      </Section>
    </>
  );
}
