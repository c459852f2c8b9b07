/** Every payment query lives under one key, so a live change refetches them all at once. */
export const paymentKeys = {
  all: ['payments'] as const,
  checkout: (appointmentId: string) => [...paymentKeys.all, 'checkout', appointmentId] as const,
  customerAppointments: (email: string) => [...paymentKeys.all, 'customer-appointments', email] as const,
};
