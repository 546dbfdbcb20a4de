import { Badge, Box, Button, HStack, IconButton, Stack, Switch, Table, Text, useBreakpointValue, VisuallyHidden } from '@chakra-ui/react';
import type { User } from '@dakiya/shared';
import { useEffect, useRef, useState } from 'react';
import { LuChartColumn, LuCircleCheck, LuMailWarning, LuPencil, LuPlus, LuSend, LuTrash2, LuUsers } from 'react-icons/lu';
import { Link, useSearchParams } from 'react-router-dom';
import { useUnauthorizedOnly } from '../../../lib/api-errors';
import { formatDateTime, fullName, initials } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useApi } from '../../../lib/swr';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { RefreshButton } from '../../../components/ui/refresh-button';
import { TableSkeleton } from '../../../components/ui/skeletons';
import { useUserActions } from '../use-user-actions';
import { RoleBadge } from './role-badge';

/** Spec 000 §9. */
export const PAGE_SIZE = 50;
export const DELETE_REFETCH_MS = 500;

function pageFrom(params: URLSearchParams): number {
  const n = Number(params.get('page'));
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export interface UsersPageProps {
  /** The signed-in person: their own row offers no delete. */
  currentUserId?: string;
  /** The shop's IANA zone for dates. */
  timeZone?: string;
}

/** /dashboard/users (spec 000 §2 "Users list"). */
export function UsersPage({ currentUserId, timeZone }: UsersPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams);
  // The list shows its own error in a banner; only a 401 goes to the app's handler.
  const onError = useUnauthorizedOnly();
  const { data, error, isLoading, isValidating, mutate } = useApi(
    'users.list',
    { query: { page, limit: PAGE_SIZE } },
    { keepPreviousData: true, onError },
  );
  const list = data && 'childrenAccounts' in data ? data : null;
  const actions = useUserActions();
  // Phones get one card per user instead of a table that scrolls sideways.
  const compact = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const [busy, setBusy] = useState<string | null>(null);
  // Bumped after every action: a toggle the server refused (or that never reached it) is drawn afresh.
  const [settled, setSettled] = useState(0);
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  const setPage = (next: number) =>
    setSearchParams((prev) => {
      const params = new URLSearchParams(prev);
      if (next <= 1) params.delete('page');
      else params.set('page', String(next));
      return params;
    });

  async function run(key: string, work: () => Promise<unknown>) {
    setBusy(key);
    try {
      await work();
    } finally {
      setBusy(null);
      setSettled((n) => n + 1);
    }
  }

  const rowProps = (user: User): RowProps => ({
    user,
    isSelf: user._id === currentUserId,
    busy,
    settled,
    onToggle: () => void onToggle(user),
    onResend: () => void onResend(user),
    onDelete: () => void onDelete(user),
  });

  const onToggle = (user: User) =>
    run(`restrict-${user._id}`, async () => {
      if (await actions.toggleRestriction(user)) await mutate();
    });
  const onResend = (user: User) => run(`resend-${user._id}`, () => actions.resendVerification(user));
  const onDelete = (user: User) =>
    run(`delete-${user._id}`, async () => {
      if (await actions.remove(user)) {
        timers.current.push(window.setTimeout(() => void mutate(), DELETE_REFETCH_MS));
      }
    });

  return (
    <>
      <PageHeader
        title="Staff users"
        subtitle="Everyone who can sign in to Dakiya for your store, and what they can do."
        backTo={paths.dashboard.accounts()}
        actions={
          <>
            <RefreshButton onRefresh={() => void mutate()} refreshing={isValidating && !isLoading} testId="users-refresh" />
            <Button asChild variant="outline" size="sm" data-testid="users-statistics">
              <Link to={paths.dashboard.staff()}>
                <LuChartColumn /> Statistics
              </Link>
            </Button>
            <Button asChild colorPalette="brand" size="sm" data-testid="users-create">
              <Link to={paths.dashboard.createUser()}>
                <LuPlus /> Create user
              </Link>
            </Button>
          </>
        }
      />

      {error && (
        <LoadErrorAlert error={error} onRetry={() => void mutate()} retrying={isValidating} mb="4" testId="users-error" />
      )}

      {isLoading && !list ? (
        <TableSkeleton rows={6} columns={6} />
      ) : list && list.childrenAccounts.length === 0 ? (
        <EmptyState icon={<LuUsers />} title="No staff users yet" description="Create a user for each person who books or tracks orders for your store.">
          <Button asChild colorPalette="brand" size="sm">
            <Link to={paths.dashboard.createUser()}>
              <LuPlus /> Create user
            </Link>
          </Button>
        </EmptyState>
      ) : list ? (
        <Box bg="app.surface" borderWidth="1px" borderColor="border.muted" borderRadius="xl" boxShadow="xs" overflow="hidden">
          {compact ? (
            <Stack gap="0" data-testid="users-table" separator={<Box borderTopWidth="1px" borderColor="border.muted" />}>
              {list.childrenAccounts.map((user) => {
                const row = rowProps(user);
                return (
                  <Stack key={user._id} gap="3" p="4" data-testid={`user-row-${user.email}`} data-active={user.is_active}>
                    <HStack justify="space-between" align="flex-start">
                      <UserIdentity user={user} isSelf={row.isSelf} />
                      <RowActions {...row} />
                    </HStack>
                    <HStack gap="2" wrap="wrap" ps="12">
                      <RoleBadge role={user.role} />
                      <TagBadge tag={user.tag} />
                      <Text textStyle="xs" color="fg.muted">
                        Created {formatDateTime(user.createdAt, { timeZone })}
                      </Text>
                    </HStack>
                    <HStack justify="space-between" align="flex-start" gap="3" ps="12" wrap="wrap">
                      <StatusControl {...row} />
                      <Verification {...row} />
                    </HStack>
                  </Stack>
                );
              })}
            </Stack>
          ) : (
            // The table scrolls inside its card, never the page; `position: relative` keeps absolutely
            // positioned children (the hidden Actions header) inside the scroll box too.
            <Table.ScrollArea overflowX="auto" position="relative" data-testid="users-table-scroll">
              <Table.Root size="sm" data-testid="users-table" css={{ '& td, & th': { px: '3' }, '& td:first-of-type, & th:first-of-type': { ps: '4' } }}>
                <Table.Header>
                  <Table.Row bg="bg.muted">
                    <Table.ColumnHeader>User</Table.ColumnHeader>
                    <Table.ColumnHeader>Role and tag</Table.ColumnHeader>
                    <Table.ColumnHeader>Status</Table.ColumnHeader>
                    <Table.ColumnHeader>Email</Table.ColumnHeader>
                    <Table.ColumnHeader>Created</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end" pe="4">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {list.childrenAccounts.map((user) => {
                    const row = rowProps(user);
                    const [day, time] = formatDateTime(user.createdAt, { timeZone }).split(' at ');
                    return (
                      <Table.Row key={user._id} data-testid={`user-row-${user.email}`} data-active={user.is_active}>
                        <Table.Cell py="3">
                          <UserIdentity user={user} isSelf={row.isSelf} maxW="64" />
                        </Table.Cell>
                        <Table.Cell>
                          <Stack gap="1" align="flex-start">
                            <RoleBadge role={user.role} />
                            <TagBadge tag={user.tag} />
                          </Stack>
                        </Table.Cell>
                        <Table.Cell>
                          <StatusControl {...row} />
                        </Table.Cell>
                        <Table.Cell>
                          <Verification {...row} />
                        </Table.Cell>
                        <Table.Cell whiteSpace="nowrap">
                          <Text textStyle="sm">{day}</Text>
                          {time && (
                            <Text textStyle="xs" color="fg.muted">
                              at {time}
                            </Text>
                          )}
                        </Table.Cell>
                        <Table.Cell textAlign="end" pe="4">
                          <RowActions {...row} />
                        </Table.Cell>
                      </Table.Row>
                    );
                  })}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
          <Box px="4" borderTopWidth="1px" borderColor="border.muted">
            <Pagination page={list.pagination.page} pages={list.pagination.pages} total={list.pagination.total} onPageChange={setPage} noun={['user', 'users']} />
          </Box>
        </Box>
      ) : null}
    </>
  );
}

interface RowProps {
  user: User;
  isSelf: boolean;
  busy: string | null;
  /** Changes after each action ends, to redraw the restrict switch from the user's real state. */
  settled: number;
  onToggle(): void;
  onResend(): void;
  onDelete(): void;
}

/** Initials, name and e-mail; a long e-mail is cut with an ellipsis (full text on hover) within `maxW`. */
function UserIdentity({ user, isSelf, maxW }: { user: User; isSelf: boolean; maxW?: string }) {
  return (
    <HStack gap="3" minW="0" maxW={maxW}>
      <Box
        boxSize="9"
        borderRadius="full"
        bg={user.is_active ? 'brand.subtle' : 'bg.muted'}
        color={user.is_active ? 'brand.fg' : 'fg.muted'}
        display="flex"
        alignItems="center"
        justifyContent="center"
        fontWeight="semibold"
        textStyle="sm"
        flexShrink={0}
        aria-hidden
      >
        {initials(user.first_name, user.last_name)}
      </Box>
      <Stack gap="0" minW="0">
        <HStack gap="2">
          <Text fontWeight="medium" truncate title={fullName(user)}>
            {fullName(user)}
          </Text>
          {isSelf && (
            <Badge size="sm" variant="outline">
              You
            </Badge>
          )}
        </HStack>
        <Text textStyle="xs" color="fg.muted" truncate title={user.email}>
          {user.email}
        </Text>
      </Stack>
    </HStack>
  );
}

function TagBadge({ tag }: { tag: string }) {
  return (
    <Badge variant="outline" fontFamily="mono">
      {tag}
    </Badge>
  );
}

/** Only USER rows offer the restrict toggle (spec 000 §2); an ADMIN's status is a badge. */
function StatusControl({ user, busy, settled, onToggle }: RowProps) {
  if (user.role !== 'USER') {
    return (
      <Badge colorPalette={user.is_active ? 'green' : 'red'} variant="subtle" data-testid={`user-status-${user.email}`}>
        {user.is_active ? 'Active' : 'Restricted'}
      </Badge>
    );
  }
  // The switch flips its own box on a click even when the server then refuses, and would then ignore the
  // next click; drawing it afresh after each action keeps it answering (the `key`).
  return (
    <Switch.Root
      key={settled}
      size="sm"
      colorPalette="brand"
      checked={user.is_active}
      disabled={busy === `restrict-${user._id}`}
      onCheckedChange={onToggle}
      data-testid={`user-restrict-${user.email}`}
    >
      <Switch.HiddenInput aria-label={user.is_active ? `Restrict ${fullName(user)}` : `Activate ${fullName(user)}`} />
      <Switch.Control />
      <Switch.Label textStyle="sm" color={user.is_active ? 'fg' : 'fg.error'} whiteSpace="nowrap" data-testid={`user-status-${user.email}`}>
        {user.is_active ? 'Active' : 'Restricted'}
      </Switch.Label>
    </Switch.Root>
  );
}

function Verification({ user, busy, onResend }: RowProps) {
  if (user.is_verified_user) {
    return (
      <HStack gap="1.5" color="fg.success" textStyle="sm" whiteSpace="nowrap" data-testid={`user-verified-${user.email}`}>
        <LuCircleCheck /> Verified
      </HStack>
    );
  }
  return (
    <Stack gap="1" align="flex-start">
      <HStack gap="1.5" color="fg.warning" textStyle="sm" whiteSpace="nowrap" data-testid={`user-unverified-${user.email}`}>
        <LuMailWarning /> Not verified
      </HStack>
      <Button
        variant="plain"
        size="xs"
        h="auto"
        p="0"
        color="brand.fg"
        loading={busy === `resend-${user._id}`}
        onClick={onResend}
        title={`Send the verification email to ${user.email} again`}
        data-testid={`user-resend-${user.email}`}
      >
        <LuSend /> Resend email
      </Button>
    </Stack>
  );
}

function RowActions({ user, isSelf, busy, onDelete }: RowProps) {
  return (
    <HStack gap="1" justify="flex-end" flexShrink={0}>
      <IconButton asChild aria-label={`Edit ${fullName(user)}`} size="sm" variant="ghost" data-testid={`user-edit-${user.email}`}>
        <Link to={paths.dashboard.user(user._id)}>
          <LuPencil />
        </Link>
      </IconButton>
      {!isSelf && (
        <IconButton
          aria-label={`Delete ${fullName(user)}`}
          size="sm"
          variant="ghost"
          colorPalette="red"
          loading={busy === `delete-${user._id}`}
          onClick={onDelete}
          data-testid={`user-delete-${user.email}`}
        >
          <LuTrash2 />
        </IconButton>
      )}
    </HStack>
  );
}
