/** The consignee's public tracking page of a parcel: what the mail, the fulfillment and WhatsApp share. */
export function trackingPageUrl(appUrl: string, trackingNumber: string): string {
  return `${appUrl.replace(/\/$/, '')}/track/${encodeURIComponent(trackingNumber)}`;
}
