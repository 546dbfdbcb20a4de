import { normalisePkMobile } from './pk-mobile';

/**
 * 'Share on WhatsApp': a wa.me link to the consignee's mobile (92XXXXXXXXXX, the international form
 * wa.me wants, without + or leading zeros) with the tracking link in the message. Undefined when the
 * phone is not a Pakistani mobile: there is no chat to open.
 */
export function whatsAppShareLink(phone: string | null | undefined, text: string): string | undefined {
  const mobile = normalisePkMobile(phone);
  if (!mobile.ok) return undefined;
  return `https://wa.me/92${mobile.phone.slice(1)}?text=${encodeURIComponent(text)}`;
}

/**
 * The message a merchant sends with the link: the order, the number and the page. It says nothing of
 * where the parcel is: it is shared as soon as a parcel is booked, often before the courier has it.
 */
export function trackingShareText(shopName: string | undefined, orderName: string, trackingNumber: string, url: string): string {
  return `${shopName ? `${shopName}: track` : 'Track'} your order ${orderName} (tracking number ${trackingNumber}) here: ${url}`;
}
