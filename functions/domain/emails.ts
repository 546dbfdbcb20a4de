import type { OutgoingMail } from './ports/mailer';

export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, paragraphs: string[], action: { label: string; url: string }): string {
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;background:#f6f7f9;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:8px;padding:24px">
<h2 style="color:#0f766e;margin-top:0">${escapeHtml(title)}</h2>
${paragraphs.map((p) => `<p style="color:#334155;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#0f766e;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="color:#64748b;font-size:12px">If the button does not work, open this address: ${escapeHtml(action.url)}</p>
</div></body></html>`;
}

export function createPasswordMail(to: string, shopName: string, url: string): OutgoingMail {
  const paragraphs = [
    `Dakiya is installed on ${shopName}.`,
    'Set a password to sign in to your dashboard directly. The link works once and expires in 72 hours.',
  ];
  return {
    to,
    subject: 'Set your Dakiya password',
    text: `${paragraphs.join('\n\n')}\n\nSet your password: ${url}\n`,
    html: layout('Welcome to Dakiya', paragraphs, { label: 'Set password', url }),
  };
}

export function verifyEmailMail(to: string, name: string, shopName: string, url: string): OutgoingMail {
  const paragraphs = [
    `Hi ${name}, ${shopName} added you to its Dakiya dashboard.`,
    'Verify your email to sign in. The link works once and expires in 72 hours.',
  ];
  return {
    to,
    subject: 'Verify your email for Dakiya',
    text: `${paragraphs.join('\n\n')}\n\nVerify your email: ${url}\n`,
    html: layout('Verify your email', paragraphs, { label: 'Verify email', url }),
  };
}

export function resetPasswordMail(to: string, url: string): OutgoingMail {
  const paragraphs = [
    'Someone asked to reset the password of your Dakiya account. If it was not you, ignore this email.',
    'The link works once and expires in one hour.',
  ];
  return {
    to,
    subject: 'Reset your Dakiya password',
    text: `${paragraphs.join('\n\n')}\n\nReset your password: ${url}\n`,
    html: layout('Reset your password', paragraphs, { label: 'Reset password', url }),
  };
}

/** Sent only when the password was right, so it also warns a person whose password someone else has. */
export function signInCodeMail(to: string, code: string, resetUrl: string): OutgoingMail {
  const paragraphs = [
    `Your Dakiya sign-in code is ${code}. It works once, for 15 minutes.`,
    'We ask for it because many wrong passwords were tried on your account lately, and this sign-in comes from a device or network you have not used before.',
    'If you are not signing in right now, someone knows your password: change it now.',
  ];
  return {
    to,
    subject: `${code} is your Dakiya sign-in code`,
    text: `${paragraphs.join('\n\n')}\n\nChange your password: ${resetUrl}\n`,
    html: layout('Your sign-in code', paragraphs, { label: 'Change password', url: resetUrl }),
  };
}

/**
 * The consignee's public tracking link, sent by the merchant from the orders list or the booking page,
 * often as soon as the parcel is booked: it says booked, not yet on its way.
 */
export function trackingLinkMail(to: string, firstName: string, shopName: string, courier: string, trackingNumber: string, url: string): OutgoingMail {
  const paragraphs = [
    `${firstName ? `Dear ${firstName}, your` : 'Your'} order from ${shopName} is booked with ${courier}, tracking number ${trackingNumber}.`,
    'Follow your parcel on its tracking page until it reaches you.',
  ];
  return {
    to,
    subject: `Track your order from ${shopName}`,
    text: `${paragraphs.join('\n\n')}\n\nTrack your parcel: ${url}\n`,
    html: layout('Track your parcel', paragraphs, { label: 'Track your parcel', url }),
  };
}
