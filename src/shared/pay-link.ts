/**
 * The pay link (decision 021): the address the pay-link e-mail and text take a customer to, the checkout of one
 * completed visit, `/makepayment?appointment=<id>`. Free of zod: the login page, a signed-out form, reads it too
 * (decision 019).
 */

/** The checkout's path, and the query parameter that names the visit to pay. */
export const PAY_LINK_PATH = '/makepayment';
export const PAY_LINK_PARAMETER = 'appointment';

/** An appointment's id as the server makes it (`appointmentIdFor`): its New York day, a hyphen, a random UUID. */
export const APPOINTMENT_ID_PATTERN = /^\d{8}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The pay link's path and query for a visit: `/makepayment?appointment=<id>`. */
export function payLinkPath(appointmentId: string): string {
  return `${PAY_LINK_PATH}?${PAY_LINK_PARAMETER}=${encodeURIComponent(appointmentId)}`;
}

/** The visit a path of this app is the pay link of (`/makepayment?appointment=<id>`), or undefined for any other path. */
export function payLinkAppointment(path: string): string | undefined {
  try {
    const url = new URL(path, 'https://app.invalid');
    if (url.origin !== 'https://app.invalid' || url.pathname !== PAY_LINK_PATH) return undefined;
    const id = url.searchParams.get(PAY_LINK_PARAMETER) ?? '';
    return APPOINTMENT_ID_PATTERN.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What the pay link's landing tells whoever holds the link, signed in or not (`GET /api/pay-links/<id>`): the amount
 * due and the visit's day (New York's, YYYY-MM-DD), which the link itself already names (the id starts with it).
 * Nothing else: no name, address, time or description, since a link can be forwarded or seen over a shoulder.
 */
export type PayLinkSummary = { amountCents: number; date: string };
