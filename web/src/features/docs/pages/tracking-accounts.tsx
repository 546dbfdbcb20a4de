import { paths } from '../../../lib/paths';
import { Bullets, Note, P, Section, Steps, To, Ui } from '../components/prose';

export default function TrackingAccountsDoc() {
  return (
    <>
      <P>
        A tracking account is your account with a courier: the credentials Dakiya books with. Dakiya works with <Ui>Leopards</Ui>, <Ui>M&P</Ui>,{' '}
        <Ui>PostEx</Ui> and <Ui>TCS</Ui>, and you can add several accounts of the same courier (one per warehouse or pickup address, say).
      </P>
      <Section title="Adding an account">
        <Steps items={[
          <>Open <To to={paths.dashboard.accounts()}>Accounts</To> and click <Ui>Create account</Ui>.</>,
          'Pick the courier. The form asks for exactly what that courier issues: Leopards an API key and password; M&P a username, account number and API password; PostEx a token and pickup address code; TCS its API credentials, cost centre and the shipper\'s name, address, phone and city.',
          'Give the account a name you will recognise when booking, and optionally a weight (grams) for parcels booked with it.',
          <>Mark it <Ui>Default</Ui> to have it chosen first on every booking.</>,
        ]} />
        <Note>Dakiya checks the credentials with the courier before saving. Keys and tokens are stored encrypted and never shown again; the ones the courier issues for good (such as an API key) cannot be edited later, so check them first.</Note>
      </Section>
      <Section title="Editing and switching off">
        <Bullets items={[
          'Edit changes the name, weight, password and the fields the courier lets you change, and sets the account active or inactive.',
          'An inactive account is hidden from the booking screens; its bookings stay in the orders list and keep being tracked.',
          <>The weight left empty means "none of its own": bookings then start from the store's default weight in <To to={paths.dashboard.settings()}>Settings</To>.</>,
        ]} />
      </Section>
      <Section title="Plans and access">
        <Bullets items={[
          'The free plan holds 10 tracking accounts; Monthly and Yearly have no limit.',
          'When a shop goes back to the free plan, every account but the default is switched off; the plans page offers to switch them back on when you subscribe again.',
          <>Viewing accounts needs <Ui>Read accounts</Ui>; adding or editing them <Ui>Write accounts</Ui>.</>,
        ]} />
      </Section>
    </>
  );
}
