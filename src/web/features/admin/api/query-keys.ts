/** Every back-office query lives under one key, so a live change or an edit refetches them all at once. */
export const adminKeys = {
  all: ['admin'] as const,
  open: () => [...adminKeys.all, 'open'] as const,
  completed: () => [...adminKeys.all, 'completed'] as const,
  paid: (from: string, to: string) => [...adminKeys.all, 'paid', from, to] as const,
  history: (appointmentId: string) => [...adminKeys.all, 'history', appointmentId] as const,
  errors: (page: number) => [...adminKeys.all, 'errors', page] as const,
  configChanges: (collection: string) => [...adminKeys.all, 'config-changes', collection] as const,
};
