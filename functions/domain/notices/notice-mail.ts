import type { ConsigneeNoticeEvent } from '@dakiya/shared';
import type { OutgoingMail } from '../ports/mailer';
import { escapeHtml } from '../emails';

interface NoticeFacts {
  firstName: string;
  shopName: string;
  courier: string;
  trackingNumber: string;
  /** The public tracking page, in English; its Urdu page is the same with `?lang=ur`. */
  url: string;
}

const SUBJECT: Record<ConsigneeNoticeEvent, (shop: string) => string> = {
  OUT_FOR_DELIVERY: (shop) => `Your order from ${shop} is out for delivery`,
  DELIVERED: (shop) => `Your order from ${shop} has been delivered`,
  RTS: (shop) => `Your order from ${shop} is going back to the store`,
};

const ENGLISH: Record<ConsigneeNoticeEvent, (f: NoticeFacts) => string> = {
  OUT_FOR_DELIVERY: (f) => `${f.courier} is bringing it to you today. Please keep your phone with you so the rider can reach you.`,
  DELIVERED: (f) => `${f.courier} says it has reached you. If you did not receive it, please contact ${f.shopName}.`,
  RTS: (f) => `${f.courier} could not deliver it, so it is going back to ${f.shopName}. Please contact the store if you still want it.`,
};

// the tracking page's own Urdu (functions/tracking/page/words.ts), so the mail and the page say the same
const URDU: Record<ConsigneeNoticeEvent, (f: NoticeFacts) => string> = {
  OUT_FOR_DELIVERY: (f) => `${f.courier} آج اسے آپ تک پہنچا رہا ہے۔ براہ کرم اپنا فون پاس رکھیں تاکہ رائیڈر آپ سے رابطہ کر سکے۔`,
  DELIVERED: () => 'یہ آپ تک پہنچ گیا ہے۔ اگر آپ کو نہیں ملا تو اسٹور سے رابطہ کریں۔',
  RTS: () => 'یہ پہنچایا نہ جا سکا اور اسٹور کو واپس جا رہا ہے۔ اگر آپ اب بھی یہ چاہتے ہیں تو اسٹور سے رابطہ کریں۔',
};

/** A consignee notice (issue 22 §3), in English and then Urdu, each with its own link to the tracking page. */
export function consigneeNoticeMail(to: string, event: ConsigneeNoticeEvent, facts: NoticeFacts): OutgoingMail {
  const urduUrl = `${facts.url}?lang=ur`;
  const english = [
    `${facts.firstName ? `Dear ${facts.firstName}, your` : 'Your'} parcel from ${facts.shopName} (tracking number ${facts.trackingNumber}):`,
    ENGLISH[event](facts),
  ];
  const urdu = [
    `${facts.firstName ? `السلام علیکم ${facts.firstName}، ` : 'السلام علیکم، '}${facts.shopName} کی طرف سے آپ کا پارسل (ٹریکنگ نمبر ${facts.trackingNumber}):`,
    URDU[event](facts),
  ];
  const text = `${english.join('\n')}\n\nTrack your parcel: ${facts.url}\n\n${urdu.join('\n')}\n\nاپنا پارسل ٹریک کریں: ${urduUrl}\n`;
  const block = (lines: string[], url: string, label: string, rtl: boolean) => `<div${rtl ? ' dir="rtl" lang="ur"' : ''} style="margin-bottom:20px">
${lines.map((p) => `<p style="color:#334155;line-height:1.6">${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#0f766e;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>
</div>`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;background:#f6f7f9;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:8px;padding:24px">
${block(english, facts.url, 'Track your parcel', false)}
${block(urdu, urduUrl, 'اپنا پارسل ٹریک کریں', true)}
<p style="color:#64748b;font-size:12px">If the button does not work, open this address: ${escapeHtml(facts.url)}</p>
</div></body></html>`;
  return { to, subject: SUBJECT[event](facts.shopName), text, html };
}
