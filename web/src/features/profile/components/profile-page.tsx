import { Badge, Button, DataList, Grid, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { hasScope, SCOPE_CATALOGUE, type Profile } from '@dakiya/shared';
import { useState } from 'react';
import { LuCircleCheck, LuKeyRound, LuListChecks, LuPencil, LuStore, LuTruck, LuUserRound } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { useUnauthorizedOnly } from '../../../lib/api-errors';
import { paths } from '../../../lib/paths';
import { groupLabel, heldGroups, scopeLabel } from '../../../lib/scopes';
import { useApi } from '../../../lib/swr';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { SectionCard } from '../../../components/ui/section-card';
import { PageSkeleton } from '../../../components/ui/skeletons';
import { ChangePasswordDialog } from './change-password-dialog';
import { EditTagDialog } from './edit-tag-dialog';
import { TwoFactorSection } from './two-factor-section';

type ProfileData = Profile['data'];

export interface ProfilePageProps {
  /** Store a token the server issued for this person (enabling two-factor replaces the stored one). */
  onTokenReplaced(token: string): void;
}

/** /dashboard/profile (spec 001 §2 "Profile page"). */
export function ProfilePage({ onTokenReplaced }: ProfilePageProps) {
  // The page shows a failed read itself; only a 401 goes to the app's handler.
  const onError = useUnauthorizedOnly();
  const { data, error, isLoading, isValidating, mutate } = useApi('profile.get', {}, { onError });
  const [editingTag, setEditingTag] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);

  if (isLoading && !data) return <PageSkeleton />;
  if (!data) {
    return (
      <>
        <PageHeader title="Profile" backTo={paths.dashboard.accounts()} />
        <LoadErrorAlert error={error} onRetry={() => void mutate()} retrying={isValidating} testId="profile-error" />
      </>
    );
  }

  const me = data.data;
  const isUser = me.role === 'USER';

  return (
    <>
      <PageHeader
        title={<span data-testid="profile-title">{`Hi, ${me.first_name} ${me.last_name}`}</span>}
        subtitle="Your account, your store and how you sign in."
        backTo={paths.dashboard.accounts()}
        actions={
          isUser && (
            <>
              <Button variant="outline" size="sm" onClick={() => setChangingPassword(true)} data-testid="change-password-open">
                <LuKeyRound /> Change password
              </Button>
              {hasScope(me, 'READ_ACCOUNTS') ? (
                <Button asChild colorPalette="brand" size="sm" data-testid="profile-accounts">
                  <Link to={paths.dashboard.accounts()}>
                    <LuTruck /> Accounts
                  </Link>
                </Button>
              ) : (
                <Button colorPalette="brand" size="sm" disabled data-testid="profile-accounts" title="Ask your admin for access to tracking accounts">
                  <LuTruck /> Accounts
                </Button>
              )}
            </>
          )
        }
      />
      <Stack gap="5">
        <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="5" alignItems="stretch">
          <ShopInformation me={me} />
          <OwnerInformation me={me} onEditTag={() => setEditingTag(true)} />
        </Grid>
        <TwoFactorSection
          enabled={me.two_factor_enabled}
          plan={me.shop.plan}
          recoveryCodesLeft={me.recovery_codes_left}
          account={{ email: me.email, shop: me.shop.name }}
          onTokenReplaced={onTokenReplaced}
          canUpgrade={me.role === 'ADMIN'}
        />
        {isUser && <ScopesSection me={me} />}
      </Stack>
      {editingTag && <EditTagDialog current={me.tag} onClose={() => setEditingTag(false)} />}
      {changingPassword && <ChangePasswordDialog onClose={() => setChangingPassword(false)} />}
    </>
  );
}

function Item({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="32">{label}</DataList.ItemLabel>
      <DataList.ItemValue data-testid={testId} wordBreak="break-word">
        {children}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

const dash = (value: string | undefined) => (value && value.trim() !== '' ? value : '—');

function ShopInformation({ me }: { me: ProfileData }) {
  const active = me.shop.status === 'ACTIVE';
  return (
    <SectionCard title="Shop Information" icon={<LuStore />} testId="profile-shop">
      <DataList.Root orientation="horizontal" size="md" gap="3">
        <Item label="Name" testId="profile-shop-name">{dash(me.shop.name)}</Item>
        <Item label="Domain" testId="profile-shop-domain">{dash(me.shop.domain)}</Item>
        <Item label="Time Zone">{dash(me.shop.iana_time_zone)}</Item>
        <Item label="Currency">{dash(me.shop.currency)}</Item>
        <Item label="Activity Status">
          <Badge colorPalette={active ? 'green' : 'gray'} variant="subtle" data-testid="profile-shop-status">
            {me.shop.status}
          </Badge>
        </Item>
      </DataList.Root>
    </SectionCard>
  );
}

function OwnerInformation({ me, onEditTag }: { me: ProfileData; onEditTag(): void }) {
  return (
    <SectionCard title="Owner Information" icon={<LuUserRound />} testId="profile-owner">
      <DataList.Root orientation="horizontal" size="md" gap="3">
        <Item label="First Name">{dash(me.first_name)}</Item>
        <Item label="Last Name">{dash(me.last_name)}</Item>
        <Item label="Email" testId="profile-email">{dash(me.email)}</Item>
        <Item label="Phone #">{dash(me.phone)}</Item>
        <Item label="Role">
          <Badge colorPalette={me.role === 'ADMIN' ? 'purple' : 'blue'} variant="subtle">
            {me.role}
          </Badge>
        </Item>
        <Item label="Tag">
          <HStack gap="2">
            <Badge variant="outline" fontFamily="mono" data-testid="profile-tag">
              {me.tag}
            </Badge>
            <IconButton aria-label="Edit tag" size="2xs" variant="ghost" onClick={onEditTag} data-testid="edit-tag-open">
              <LuPencil />
            </IconButton>
          </HStack>
        </Item>
      </DataList.Root>
    </SectionCard>
  );
}

function ScopesSection({ me }: { me: ProfileData }) {
  const groups = heldGroups(SCOPE_CATALOGUE, me.access_scopes);
  return (
    <SectionCard title="Scopes" icon={<LuListChecks />} description="What your admin has given you access to." testId="profile-scopes">
      {groups.length === 0 ? (
        <Text color="fg.muted">No access has been given to you yet. Ask your admin.</Text>
      ) : (
        <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="5">
          {groups.map((group) => (
            <Stack key={group.type} gap="2">
              <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wider">
                {groupLabel(group.type)}
              </Text>
              {group.scopes.map((entry) => (
                <HStack key={entry.scope} align="flex-start" gap="2.5" data-testid={`profile-scope-${entry.scope}`}>
                  <Text color="fg.success" mt="0.5">
                    <LuCircleCheck />
                  </Text>
                  <Stack gap="0">
                    <Text fontWeight="medium" textStyle="sm">
                      {scopeLabel(entry.scope)}
                    </Text>
                    <Text textStyle="xs" color="fg.muted">
                      {entry.description}
                    </Text>
                  </Stack>
                </HStack>
              ))}
            </Stack>
          ))}
        </Grid>
      )}
    </SectionCard>
  );
}
