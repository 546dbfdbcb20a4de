import type { OutgoingMail } from '../domain/ports/mailer';

/** The query parameter of the first link in a mail's text, as a person clicking it would send it. */
export function linkParam(mail: OutgoingMail | undefined, param: string): string {
  const url = mail?.text.match(/https?:\/\/\S+/)?.[0];
  const value = url ? new URL(url).searchParams.get(param) : null;
  if (!value) throw new Error(`no ${param} link in mail ${mail?.subject}`);
  return value;
}
