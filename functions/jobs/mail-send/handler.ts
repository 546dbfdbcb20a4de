import '../../adapters/dynamo/booking-store/register';
import { queueHandler } from '../../platform/job-chain';
import { sendMail } from './send-mail';

export const handler = queueHandler('mail.send', sendMail);
