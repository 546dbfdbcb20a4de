import type { UserOption } from '@dakiya/shared';
import { useMemo } from 'react';
import { fullName } from '../../../lib/format';
import { useUnauthorizedOnly } from '../../../lib/api-errors';
import { useApi } from '../../../lib/swr';

export interface Member {
  id: string;
  name: string;
  tag: string;
}

const MEMBERS_CACHE_MS = 300_000;

/** The shop's members for the Booked by filter (GET /get-users?page=orders, spec §7), by full name. */
export function useMembers() {
  const onError = useUnauthorizedOnly();
  const { data, error, isLoading, mutate } = useApi('users.list', { query: { page: 'orders' } }, { onError, dedupingInterval: MEMBERS_CACHE_MS, revalidateOnFocus: false });
  const members = useMemo<Member[]>(() => {
    const users: UserOption[] = data && 'users' in data ? data.users : [];
    return users
      .map((u) => ({ id: u._id, name: fullName(u) || u.tag || 'Unnamed member', tag: u.tag }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [data]);
  const names = useMemo(() => new Map(members.map((m) => [m.id, m.name])), [members]);
  return { members, names, error, isLoading, retry: () => void mutate() };
}
