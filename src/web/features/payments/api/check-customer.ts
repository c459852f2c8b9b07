import type { CustomerExists } from '../../../../shared/payments.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** Whether an account with this e-mail exists (admins only). */
export async function customerExists(email: string): Promise<boolean> {
  const { exists } = await apiFetch<CustomerExists>(`/api/admin/customers?email=${encodeURIComponent(email)}`);
  return exists;
}
