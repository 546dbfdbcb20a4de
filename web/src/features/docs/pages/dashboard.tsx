import { paths } from '../../../lib/paths';
import { Bullets, Note, P, Section, To, Ui } from '../components/prose';

export default function DashboardDoc() {
  return (
    <>
      <P>
        The <To to={paths.dashboard.home()}>Dashboard</To> is the first screen after sign-in. It answers "how are my parcels doing?" for a range of
        booking days, without opening the orders list.
      </P>
      <Section title="What the cards count">
        <Bullets items={[
          <><Ui>Total orders</Ui>: every booking made in the range, cancelled ones included.</>,
          <><Ui>Fulfilled</Ui>: booked with the courier and fulfilled on Shopify, not yet picked up.</>,
          <><Ui>Inprocess</Ui>: everything not fulfilled, delivered or cancelled, so parcels on the way and parcels returned to you (RTS) are both in it.</>,
          <><Ui>Delivered</Ui>, <Ui>Cancelled</Ui> and <Ui>RTS</Ui> (returned to shipper): where the parcel's journey ended.</>,
        ]} />
        <P>
          The numbers come from counters Dakiya keeps as bookings are made and parcels move, so the dashboard opens as fast for a shop with
          100,000 bookings as for one with 100. They agree with the <To to={paths.dashboard.orders()}>Orders</To> list filtered by the same booking dates.
        </P>
      </Section>
      <Section title="Choosing the range">
        <Bullets items={[
          'The booking-date range is the last seven days until you change it. The range you pick is kept in the address, so a bookmark or a shared link opens the same view.',
          'A delivered-date range narrows to parcels delivered (or returned) on those days: use it to see what arrived this week, whenever it was booked.',
          'Each applied range shows as a chip above the cards; remove a chip to drop that range.',
        ]} />
      </Section>
      <Section title="Charts and the courier scorecard">
        <P>
          Under the cards, charts show bookings per day by status, cash on delivery booked against delivered, and the average delivery days per city. The
          courier scorecard compares your couriers city by city: delivered and returned shares, and for each courier the median and p90 days from booking to
          delivery (half, and nine in ten, of its parcels there arrived within that many days). A courier with few parcels in a city is marked so you do not
          read too much into a handful. The booking form shows the same for the order's city beside the account choice.
        </P>
      </Section>
      <Section title="Who can see it">
        <P>
          The dashboard needs the <Ui>Read analytics</Ui> scope (admins have every scope). A staff member without it sees a page that says so; an admin grants it
          under <To to={paths.dashboard.users()}>Staff</To>. Staff statistics, per member, are on the <To to={paths.dashboard.staff()}>Staff members</To> page (admins only).
        </P>
        <Note>Counts follow the shop's time zone (see your profile): a parcel booked at 11:30 pm counts on that day, not the next.</Note>
      </Section>
    </>
  );
}
