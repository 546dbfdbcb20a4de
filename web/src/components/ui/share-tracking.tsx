import { Button } from '@chakra-ui/react';
import { trackingShareText, whatsAppShareLink } from '@dakiya/shared';
import { useState } from 'react';
import { LuMail, LuMessageCircle } from 'react-icons/lu';
import { api } from '../../lib/api';
import { useHandleApiError } from '../../lib/api-errors';
import { paths } from '../../lib/paths';
import { notifySuccess } from './toaster';

export interface ShareTrackingProps {
  /** The booking's own id (`send-email/{orderId}`); without it, or without WRITE_ORDERS, no email button. */
  orderId?: string;
  trackingNumber: string;
  orderName: string;
  /** The consignee's phone: WhatsApp is offered only for a Pakistani mobile. */
  phone?: string | null;
  canEmail: boolean;
  size?: '2xs' | 'xs' | 'sm';
}

/**
 * The consignee's public tracking link, by email (the outbox; a refusal such as 'no email' comes back
 * as the app's error toast) or on WhatsApp, which most consignees in Pakistan read rather than email.
 */
export function ShareTracking({ orderId, trackingNumber, orderName, phone, canEmail, size = 'sm' }: ShareTrackingProps) {
  const handle = useHandleApiError();
  const [sending, setSending] = useState(false);
  const url = `${window.location.origin}${paths.track(trackingNumber)}`;
  const whatsApp = whatsAppShareLink(phone, trackingShareText(undefined, orderName, trackingNumber, url));
  const email = async () => {
    if (!orderId) return;
    setSending(true);
    try {
      const answer = await api('orders.sendEmail', { params: { orderId } });
      notifySuccess(answer.msg);
    } catch (error) {
      handle(error);
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      {canEmail && orderId && (
        <Button variant="outline" size={size} loading={sending} onClick={() => void email()} data-testid={`share-email-${trackingNumber}`}>
          <LuMail aria-hidden /> Email tracking link
        </Button>
      )}
      {whatsApp && (
        <Button asChild variant="outline" size={size} colorPalette="green" data-testid={`share-whatsapp-${trackingNumber}`}>
          <a href={whatsApp} target="_blank" rel="noopener noreferrer" aria-label={`Share on WhatsApp: the tracking link of ${orderName} (opens in a new tab)`}>
            <LuMessageCircle aria-hidden /> Share on WhatsApp
          </a>
        </Button>
      )}
    </>
  );
}
