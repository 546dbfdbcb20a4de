import { paths } from '../../../lib/paths';
import { Bullets, Note, P, Section, Steps, To, Ui } from '../components/prose';

export default function MergeOrdersDoc() {
  return (
    <>
      <P>
        When one customer places several orders, send them as one parcel: one tracking number, one COD, one delivery charge. Each Shopify order is
        fulfilled with the same tracking number, and the booking carries the <Ui>MERGED</Ui> tag.
      </P>
      <Section title="Merging">
        <Steps items={[
          <>On <To to={paths.dashboard.storeOrders()}>Store orders</To>, tick the customer's orders and click <Ui>Merge into one parcel</Ui>.</>,
          'The merge form lists the orders with their products and fills the consignee from the first one. Check the address and phone.',
          <>The COD is <Ui>COD without shipping</Ui> (the orders' amounts added up) plus <Ui>Average shipping</Ui>; edit either and the total follows.</>,
          'The weight is the orders\' weights added up when Shopify weighs every one; otherwise the account\'s or the store\'s default weight. Then book.',
        ]} />
      </Section>
      <Section title="Good to know">
        <Bullets items={[
          'All orders are booked together or not at all: no order ends up half-merged.',
          'An order already booked, or waiting for a courier check, cannot join a merge; the form says which and why.',
          <>In <To to={paths.dashboard.orders()}>Orders</To> the merged parcel is one row showing every order name; search <Ui>merged</Ui> or filter by the MERGED tag to list them.</>,
          'Cancelling a merged booking frees every order in it.',
        ]} />
        <Note>A merge page opened without orders says so and takes you back to the orders after five seconds.</Note>
      </Section>
    </>
  );
}
