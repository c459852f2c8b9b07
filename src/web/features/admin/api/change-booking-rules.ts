import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingRules } from '../../../../shared/schedule.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function changeBookingRules(rules: BookingRules): Promise<BookingRules> {
  return apiFetch('/api/admin/booking-rules', { method: 'PUT', body: rules });
}

/** Saves the rules; the server writes each change to the change log, so its lists are read again too. */
export function useChangeBookingRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeBookingRules,
    meta: { componentName: 'TimeOff' },
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.bookingRules(), saved);
      void queryClient.invalidateQueries({ queryKey: adminKeys.configChangeLists() });
    },
  });
}
