import { Box, Center, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from './logo';
import { paths } from '../../lib/paths';

/** The frame of small public screens (tracking, e-mail verification, new password, two-factor). */
export function PublicFrame({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return (
    <Center minH="100dvh" bg="app.canvas" px="4" py="10">
      <Stack w="full" maxW={narrow ? 'md' : '2xl'} gap="8">
        <Box>
          <Link to={paths.home()} aria-label="Dakiya home">
            <Logo />
          </Link>
        </Box>
        {children}
      </Stack>
    </Center>
  );
}
