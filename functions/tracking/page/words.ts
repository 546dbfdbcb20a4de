import type { BookingStatus } from '@dakiya/shared';

export type Lang = 'en' | 'ur';

/** `?lang=ur` is Urdu; anything else is English (the default a shared link opens in). */
export const langOf = (value: string | undefined): Lang => (value === 'ur' ? 'ur' : 'en');

/** What the page says, in the consignee's words; the spec's own sentences kept word for word in English. */
export interface Words {
  title: string;
  switchTo: string;
  greeting: (name: string) => string;
  fromStore: (store: string) => string;
  statusLabel: string;
  status: Record<BookingStatus, string>;
  statusNote: Record<BookingStatus, (courier: string) => string>;
  steps: { booked: string; moving: string; delivered: string; cancelled: string; returned: string };
  progress: string;
  shipping: string;
  courier: string;
  trackingNumber: string;
  order: string;
  bookedOn: string;
  details: (count: number) => string;
  noProgress: string;
  errorTitle: string;
  errorText: string;
  tryAgain: string;
  notFound: string;
  notFoundHelp: string;
  tooMany: string;
  tooManyHelp: (seconds: number) => string;
  /** The courier was asked and did not answer: the status shown is the last one stored. */
  notReached: (courier: string) => string;
  footer: string;
}

export const WORDS: Record<Lang, Words> = {
  en: {
    title: 'Track your parcel',
    switchTo: 'اردو',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    fromStore: (store) => `your parcel from ${store}`,
    statusLabel: 'Status',
    status: { FULFILLED: 'Booked', INPROCESS: 'On its way', DELIVERED: 'Delivered', CANCELLED: 'Cancelled', RTS: 'Returned to the store' },
    statusNote: {
      FULFILLED: (c) => `The store has booked it with ${c}. It will move once ${c} picks it up.`,
      INPROCESS: (c) => `${c} is bringing it to you.`,
      DELIVERED: () => 'It has reached you.',
      CANCELLED: () => 'This parcel was cancelled and will not be delivered. Ask the store if you expected it.',
      RTS: () => 'It could not be delivered and went back to the store. Ask the store what happens next.',
    },
    steps: { booked: 'Booked', moving: 'On its way', delivered: 'Delivered', cancelled: 'Cancelled', returned: 'Returned' },
    progress: 'Progress',
    shipping: 'Shipping details',
    courier: 'Courier',
    trackingNumber: 'Tracking number',
    order: 'Order',
    bookedOn: 'Booked on',
    details: (n) => `Details (${n} ${n === 1 ? 'update' : 'updates'})`,
    noProgress: 'No Progress',
    errorTitle: 'Error occurred!',
    errorText: 'Something went wrong while tracking your order. Please try again later.',
    tryAgain: 'Try again',
    notFound: 'We could not find a parcel with this number',
    notFoundHelp: 'Check the number in the message the store sent you, or ask the store.',
    tooMany: 'Too many requests',
    tooManyHelp: (s) => `Please wait ${s} seconds and try again.`,
    notReached: (c) => `${c} could not be reached just now, so this is the latest news we have. Look again in a little while.`,
    footer: 'Parcel tracking by Dakiya',
  },
  ur: {
    title: 'اپنا پارسل ٹریک کریں',
    switchTo: 'English',
    greeting: (name) => (name ? `السلام علیکم ${name}،` : 'السلام علیکم،'),
    fromStore: (store) => `${store} کی طرف سے آپ کا پارسل`,
    statusLabel: 'صورتحال',
    status: { FULFILLED: 'بک ہو گیا', INPROCESS: 'راستے میں ہے', DELIVERED: 'پہنچ گیا', CANCELLED: 'منسوخ', RTS: 'اسٹور کو واپس' },
    statusNote: {
      FULFILLED: (c) => `اسٹور نے اسے ${c} کے ساتھ بک کر دیا ہے۔ ${c} کے اٹھانے کے بعد یہ روانہ ہو گا۔`,
      INPROCESS: (c) => `${c} اسے آپ تک پہنچا رہا ہے۔`,
      DELIVERED: () => 'یہ آپ تک پہنچ گیا ہے۔',
      CANCELLED: () => 'یہ پارسل منسوخ کر دیا گیا ہے اور نہیں پہنچے گا۔ اگر آپ اس کے منتظر تھے تو اسٹور سے رابطہ کریں۔',
      RTS: () => 'یہ پہنچایا نہ جا سکا اور اسٹور کو واپس چلا گیا۔ آگے کیا ہو گا، اسٹور سے پوچھیں۔',
    },
    steps: { booked: 'بک ہو گیا', moving: 'راستے میں', delivered: 'پہنچ گیا', cancelled: 'منسوخ', returned: 'واپس' },
    progress: 'پیش رفت',
    shipping: 'ترسیل کی تفصیل',
    courier: 'کورئیر',
    trackingNumber: 'ٹریکنگ نمبر',
    order: 'آرڈر',
    bookedOn: 'بکنگ کی تاریخ',
    details: (n) => `تفصیل (${n} اپ ڈیٹ)`,
    noProgress: 'ابھی کوئی پیش رفت نہیں',
    errorTitle: 'خرابی پیش آ گئی!',
    errorText: 'آپ کے آرڈر کی ٹریکنگ میں کچھ غلط ہو گیا۔ براہ کرم کچھ دیر بعد دوبارہ کوشش کریں۔',
    tryAgain: 'دوبارہ کوشش کریں',
    notFound: 'ہمیں اس نمبر کا کوئی پارسل نہیں ملا',
    notFoundHelp: 'اسٹور کے بھیجے گئے پیغام میں نمبر دیکھ لیں، یا اسٹور سے پوچھیں۔',
    tooMany: 'بہت زیادہ درخواستیں',
    tooManyHelp: (s) => `براہ کرم ${s} سیکنڈ انتظار کر کے دوبارہ کوشش کریں۔`,
    notReached: (c) => `ابھی ${c} سے رابطہ نہیں ہو سکا، اس لیے یہ ہمارے پاس موجود تازہ ترین معلومات ہیں۔ تھوڑی دیر بعد دوبارہ دیکھیں۔`,
    footer: 'پارسل ٹریکنگ: Dakiya',
  },
};
