import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';

/**
 * The layout of the signed-out screens that write (sign-up, login, forgot password, the links in our e-mails):
 * their writes are mutations too, so they get a query cache of their own, loaded lazily with them, so that the
 * public pages' first load stays without React Query. No toasts here: these screens tell every failure themselves.
 */
function PublicFormsLayout() {
  const [queryClient] = useState(() => createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

export { PublicFormsLayout as Component };
