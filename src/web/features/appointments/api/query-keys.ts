/** Every appointment query lives under one key, so a live change refetches them all at once. */
export const appointmentKeys = {
  all: ['appointments'] as const,
  mine: () => [...appointmentKeys.all, 'mine'] as const,
  availability: (month: string) => [...appointmentKeys.all, 'availability', month] as const,
};
