/**
 * The towns and cities the business serves, apart from its other facts (business.ts re-exports them): the footer
 * and the landing page show them, and what the first load of `/` imports should hold nothing else.
 */
export const SERVICE_TOWNS = ['Town of Islip', 'Town of Smithtown'] as const;

export type ServiceCity = { readonly name: string; readonly zip: string; readonly town: (typeof SERVICE_TOWNS)[number] };

/** The 25 cities the business serves, in the order the spec lists them, with the zip each one uses. */
export const SERVICE_CITIES: readonly ServiceCity[] = [
  { name: 'Bay Shore', zip: '11706', town: 'Town of Islip' },
  { name: 'Bayport', zip: '11705', town: 'Town of Islip' },
  { name: 'Baywood', zip: '11706', town: 'Town of Islip' },
  { name: 'Bohemia', zip: '11716', town: 'Town of Islip' },
  { name: 'Brentwood', zip: '11717', town: 'Town of Islip' },
  { name: 'Central Islip', zip: '11722', town: 'Town of Islip' },
  { name: 'Commack', zip: '11725', town: 'Town of Smithtown' },
  { name: 'East Islip', zip: '11730', town: 'Town of Islip' },
  { name: 'Great River', zip: '11739', town: 'Town of Islip' },
  { name: 'Hauppauge', zip: '11788', town: 'Town of Smithtown' },
  { name: 'Holbrook', zip: '11741', town: 'Town of Islip' },
  { name: 'Holtsville', zip: '11742', town: 'Town of Islip' },
  { name: 'Islip', zip: '11751', town: 'Town of Islip' },
  { name: 'Islip Terrace', zip: '11752', town: 'Town of Islip' },
  { name: 'Kings Park', zip: '11754', town: 'Town of Smithtown' },
  { name: 'Lake Ronkonkoma', zip: '11779', town: 'Town of Islip' },
  { name: 'Nesconset', zip: '11767', town: 'Town of Smithtown' },
  { name: 'North Great River', zip: '11752', town: 'Town of Islip' },
  { name: 'Oakdale', zip: '11769', town: 'Town of Islip' },
  { name: 'Ronkonkoma', zip: '11779', town: 'Town of Islip' },
  { name: 'Saint James', zip: '11780', town: 'Town of Smithtown' },
  { name: 'Sayville', zip: '11782', town: 'Town of Islip' },
  { name: 'Smithtown', zip: '11787', town: 'Town of Smithtown' },
  { name: 'West Islip', zip: '11795', town: 'Town of Islip' },
  { name: 'West Sayville', zip: '11796', town: 'Town of Islip' },
];
