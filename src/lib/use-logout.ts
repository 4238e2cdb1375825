import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { clearSession } from './session';

/** Logout leaves nothing of the last person behind: every session key and all cached server data. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearSession();
    queryClient.clear();
  }, [queryClient]);
}
