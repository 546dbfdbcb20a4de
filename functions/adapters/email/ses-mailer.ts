import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { awsClientConfig } from '../aws-client';
import type { Mailer, OutgoingMail } from '../../domain/ports/mailer';

/** SES v1 SendEmail: the same call works against SES and the local SES of local mode. */
export class SesMailer implements Mailer {
  constructor(private readonly ses: SESClient, private readonly from: string) {}

  async send(mail: OutgoingMail): Promise<void> {
    await this.ses.send(new SendEmailCommand({
      Source: this.from,
      Destination: { ToAddresses: [mail.to] },
      Message: {
        Subject: { Data: mail.subject, Charset: 'UTF-8' },
        Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
      },
    }));
  }
}

export function createSesClient(region: string, endpoint?: string): SESClient {
  return new SESClient(awsClientConfig(region, endpoint));
}
