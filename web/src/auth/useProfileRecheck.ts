import { useQuery } from '@tanstack/react-query';
import { profileQuery } from './profileQuery';
import { useAuth } from './useAuth';

/**
 * Once `needed` turns true, reads the signed-in user's profile again, so that roles
 * given in Discord since the last read count. True while that read is under way.
 */
export function useProfileRecheck(needed: boolean): boolean {
  const { sessionToken } = useAuth();
  const recheck = useQuery({
    ...profileQuery(sessionToken ?? ''),
    enabled: needed && sessionToken !== null,
    staleTime: 0,
    refetchOnMount: 'always',
  });
  return recheck.isFetching;
}
