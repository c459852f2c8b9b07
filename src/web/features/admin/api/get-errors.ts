import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ErrorPage } from '../../../../shared/admin.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** One page of the error log, newest first. */
export function getErrors(page: number, signal?: AbortSignal): Promise<ErrorPage> {
  return apiFetch(`/api/admin/errors?page=${page}`, { signal });
}

export function errorsQuery(page: number) {
  return queryOptions({
    queryKey: adminKeys.errors(page),
    queryFn: ({ signal }) => getErrors(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useErrors(page: number) {
  return useQuery(errorsQuery(page));
}
