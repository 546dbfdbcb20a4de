import { paths } from '../../../lib/paths';
import { Bullets, Note, P, Section, To, Ui } from '../components/prose';

export default function SettingsDoc() {
  return (
    <>
      <P>
        <To to={paths.dashboard.settings()}>Settings</To> hold the store-wide choices every booking starts from. Anyone with <Ui>Read settings</Ui> can see them;
        changing them needs <Ui>Write settings</Ui>.
      </P>
      <Section title="Shipping and discount">
        <Bullets items={[
          <><Ui>Free shipping value</Ui>: orders at or above this amount (Rs, steps of 50, up to 50,000) ship free. 0 means not set.</>,
          <><Ui>Discount name</Ui> and <Ui>Show discount</Ui>: whether the order's discount is named on what the courier collects.</>,
        ]} />
      </Section>
      <Section title="Default weight">
        <P>
          The weight a booking starts with when nothing else gives one: the order's own weight in Shopify comes first, then the tracking account's weight, then
          this (1 to 50,000 grams; 100 g until you save one).
        </P>
      </Section>
      <Section title="Order tags">
        <Bullets items={[
          'For each status (fulfilled, in process, delivered, cancelled, returned), the tag Dakiya adds to the Shopify order when its parcel reaches it, so you can filter orders in the Shopify admin. Leave one empty to add none.',
          'A tag is at most 40 characters, has no comma (Shopify would read two tags), and two statuses cannot share a tag.',
          'Order tags need the Monthly or Yearly plan. On the free plan they are shown locked, and saved tags are kept for when you subscribe again.',
        ]} />
      </Section>
      <Section title="Consignee notices">
        <Bullets items={[
          'When it is on, Dakiya emails your customer when their parcel is out for delivery, when it is delivered and when it is returned, with its tracking link, in English and Urdu. Nothing is sent when a parcel is booked: Shopify\'s shipping email has the link then.',
          'One email per event, however often the courier repeats a scan. Customers who gave no email get nothing.',
          'Off until you turn it on, on the Monthly or Yearly plan: the notices follow the automatic status updates.',
        ]} />
        <Note>Saving changes only what the page sends: a setting added in a later version of Dakiya is never reset by an older open tab.</Note>
      </Section>
    </>
  );
}
