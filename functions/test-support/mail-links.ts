import type { OutgoingMail } from '../domain/ports/mailer';

/** The query parameter of the first link in a mail's text, as a person clicking it would send it. */
export function linkParam(mail: OutgoingMail | undefined, param: string): string {
  const url = mail?.text.match(/https?:\/\/\S+/)?.[0];
  const value = url ? new URL(url).searchParams.get(param) : null;
  if (!value) throw new Error(`no ${param} link in mail ${mail?.subject}`);
  return value;
}

/** The six-digit sign-in code of a mail, as a person reading it would type it. */
export function mailCode(mail: OutgoingMail | undefined): string {
  const code = mail?.text.match(/sign-in code is (\d{6})\b/)?.[1];
  if (!code) throw new Error(`no sign-in code in mail ${mail?.subject}`);
  return code;
}
