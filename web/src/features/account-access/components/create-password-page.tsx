import { Button, HStack } from '@chakra-ui/react';
import { CreatePasswordInput } from '@dakiya/shared';
import { useEffect, useRef } from 'react';
import { LuLink2Off } from 'react-icons/lu';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { validate } from '../../../lib/validate';
import { failedPair, invalidPair } from '../pair-outcome';
import { EmptyState } from '../../../components/ui/empty-state';
import { PublicFrame } from '../../../components/ui/public-frame';
import { PASSWORD_SET_REDIRECT_MS, readCreatePasswordLink } from '../links';
import { PasswordPairCard } from './password-pair-card';

/** Shown when a link lacks what it needs. `newLink`: where to ask for another (reset: Forgot password). */
export function InvalidLink({ what, newLink = false }: { what: string; newLink?: boolean }) {
  return (
    <EmptyState testId="link-invalid" icon={<LuLink2Off />} title="This link is not valid" description={`The ${what} link is incomplete or has been cut off. Open it again from your email.`}>
      <HStack gap="2" wrap="wrap" justify="center">
        {newLink && <SendNewLinkButton />}
        <SignInButton />
      </HStack>
    </EmptyState>
  );
}

export function SignInButton() {
  return (
    <Button asChild variant="outline" size="sm" data-testid="link-sign-in">
      <Link to={paths.login()}>Go to sign in</Link>
    </Button>
  );
}

/** To sign-in with the Forgot password dialog open: a spent reset link is replaced from there. */
export function SendNewLinkButton() {
  return (
    <Button asChild colorPalette="brand" size="sm" data-testid="link-send-new">
      <Link to={paths.forgotPassword()}>Send a new link</Link>
    </Button>
  );
}

/** /create-new-password?hash=&id= (spec 001 §2): set the first password from the emailed link. */
export function CreatePasswordPage() {
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const link = readCreatePasswordLink(search, location.state);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <PublicFrame narrow>
      {!link ? (
        <InvalidLink what="create-password" />
      ) : (
        <PasswordPairCard
          title="Create your password"
          description={link.email ? `Choose the password you will use to sign in as ${link.email}.` : 'Choose the password you will use to sign in to Dakiya.'}
          submitLabel="Create password"
          testPrefix="create"
          spentLink={{
            help: 'Each link works once. If you already set your password, sign in; if not, ask your store admin to send you a new link.',
            actions: <SignInButton />,
          }}
          onSubmit={async (values) => {
            const result = validate<CreatePasswordInput>(CreatePasswordInput, { ...values, hash: link.hash, _id: link.id, email: link.email });
            if (!result.ok) return invalidPair(result);
            try {
              const answer = await api('auth.createPassword', { body: result.data }, { token: null });
              timer.current = window.setTimeout(() => navigate(paths.login(), { replace: true }), PASSWORD_SET_REDIRECT_MS);
              return { done: answer.msg || 'Your password has been created' };
            } catch (error) {
              return failedPair(error);
            }
          }}
        />
      )}
    </PublicFrame>
  );
}
