import { paths } from '../../../lib/paths';
import { Bullets, Note, P, Section, Steps, To, Ui } from '../components/prose';

export default function TwoFactorDoc() {
  return (
    <>
      <P>
        Two-factor authentication asks for a six-digit code from an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password and the like)
        after your password, so a stolen password alone cannot open your store. It is set up on the Monthly and Yearly plans, and stays on if the shop later
        moves to the free plan.
      </P>
      <Section title="Turning it on">
        <Steps items={[
          <>Open your <To to={paths.dashboard.profile()}>Profile</To> and find <Ui>Two factor authentication</Ui>.</>,
          'Scan the QR code with your authenticator app (or type the key shown under it).',
          'Enter the app\'s current code and your password, and confirm.',
          'Save the ten recovery codes shown once: copy or download them and keep them somewhere safe. Each works once, instead of a code, if you lose your phone.',
        ]} />
      </Section>
      <Section title="Signing in">
        <Bullets items={[
          'After your password, enter the code from the app. A code works once.',
          <>Lost the phone? Choose <Ui>Lost your phone? Use a recovery code</Ui> on the code page.</>,
          'Opening Dakiya from the Shopify admin still asks for the code.',
          'Too many wrong codes pause sign-in for a while, so guessing is useless.',
        ]} />
      </Section>
      <Section title="Turning it off, or starting again">
        <Bullets items={[
          'Turn it off from your Profile with your password and a current code.',
          'New recovery codes replace all the old ones, used or not.',
          <>An admin can reset a staff member's two-factor from their page under <To to={paths.dashboard.users()}>Staff</To>; the member sets it up again. The owner's cannot be reset by anyone else, which is what the recovery codes are for.</>,
        ]} />
        <Note>Dakiya may also email you a sign-in code when your account is being signed in to from a new place while someone is guessing at its password.</Note>
      </Section>
    </>
  );
}
