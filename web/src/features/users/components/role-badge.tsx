import { Badge } from '@chakra-ui/react';
import type { Role } from '@dakiya/shared';

/** The role as the top bar shows it: blue (info) for USER, purple (magic) for ADMIN. */
export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge colorPalette={role === 'ADMIN' ? 'purple' : 'blue'} variant="subtle" data-tone={role === 'ADMIN' ? 'magic' : 'info'}>
      {role}
    </Badge>
  );
}
