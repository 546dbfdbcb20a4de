import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** A new TOTP secret for an authenticator app, with the QR code that carries it (issuer Dakiya, the person's email as label). */
export async function newTotpSecret(label: string): Promise<{ secret: string; qrCodeDataUrl: string }> {
  const secret = generateSecret();
  const uri = generateURI({ issuer: 'Dakiya', label, secret });
  return { secret, qrCodeDataUrl: await QRCode.toDataURL(uri, { margin: 1, width: 240 }) };
}

/** The time step a code from `secret` belongs to at `epochSeconds` (30 s either side), or undefined when it does not match. */
export async function totpStep(secret: string, code: string, epochSeconds: number): Promise<number | undefined> {
  // otplib v13 answers an object: `.valid` is the verdict (an object is always truthy)
  const result = await verify({ secret, token: code, epoch: epochSeconds, epochTolerance: 30 });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
