import { paths } from '../../../lib/paths';
import { Bullets, Note, P, Section, Steps, To, Ui } from '../components/prose';

export default function UsersDoc() {
  return (
    <>
      <P>
        Give everyone who books or tracks parcels their own sign-in. Each booking records who made it, and each person sees only the areas you allow.
        Staff are managed by admins under <To to={paths.dashboard.users()}>Staff</To>.
      </P>
      <Section title="Adding a staff member">
        <Steps items={[
          <>Click <Ui>Create user</Ui>, enter their name, email, phone and a short tag (up to 10 characters; it shows as <Ui>Booked by</Ui> in Orders).</>,
          <>Choose the role. An <Ui>ADMIN</Ui> has every scope and manages staff and plans; a <Ui>USER</Ui> gets the scopes you tick.</>,
          'They receive an email to verify their address and sign in. Unverified users have a Send verification email action on the list.',
        ]} />
      </Section>
      <Section title="Scopes">
        <Bullets items={[
          <><Ui>Orders</Ui>: read the list, book, cancel bookings and delete orders, update payment status (CSV import), export.</>,
          <><Ui>Accounts</Ui>: read tracking accounts, add and edit them.</>,
          <><Ui>Settings</Ui>: read, and change.</>,
          <><Ui>Analytics</Ui>: read the dashboard.</>,
        ]} />
        <P>Staff and Pricing & plans are for admins only; Profile, Support and these docs are open to everyone.</P>
      </Section>
      <Section title="Managing staff">
        <Bullets items={[
          'Deactivate a USER with the switch on their row: their sessions end at once, and they cannot sign in until reactivated.',
          'Edit changes name, tag, role and scopes; admins can also change a member\'s email, set a new password (optionally signing them out everywhere) and reset their two-factor.',
          'The store owner always stays an active admin.',
          'One person can work for several stores with one email; the sign-in page asks which store.',
        ]} />
      </Section>
      <Section title="Staff statistics">
        <P>
          <To to={paths.dashboard.staff()}>Staff members</To> (the Statistics button on the staff list) shows what each member booked in a range of booking
          days: <Ui>Booked</Ui> counts fulfilled, in-process and delivered parcels, <Ui>Cancelled</Ui> counts cancelled and returned ones, with a totals row. Pick
          Today, Yesterday, Last 7 days, Current Month, Last Month, Last 6 Months, This Year, Last Year or a custom range on the calendar. A member's name opens
          their own counts and a chart; their Orders button opens the orders list filtered to them and the same days.
        </P>
        <Note>The free plan holds 10 staff users. Going back to the free plan switches off every USER; the plans page offers to switch them back on when you subscribe again.</Note>
      </Section>
    </>
  );
}
