import { english } from './english.ts';

/** Who is looking at the site, as far as the navigation cares. */
export type Viewer = { signedIn: false } | { signedIn: true; emailVerified: boolean; isAdmin: boolean };

export type NavLink = { to: string; label: string } | { action: 'logout'; label: string };

const ALWAYS: NavLink[] = [
  { to: '/services', label: english('Services') },
  { to: '/securified', label: english('Security Tips') },
  { to: '/remotesupport', label: english('Remote Support') },
];

/** The top navigation of spec section 2 for each visitor state. */
export function navLinksFor(viewer: Viewer): NavLink[] {
  if (!viewer.signedIn) {
    return [...ALWAYS, { to: '/signup', label: english('Register') }, { to: '/login', label: english('Login') }];
  }
  if (!viewer.emailVerified) {
    return [...ALWAYS, { action: 'logout', label: english('Logout') }];
  }
  const admin: NavLink[] = viewer.isAdmin
    ? [
        { to: '/admin', label: english('Admin') },
        { to: '/adminpayment', label: english('Payment') },
      ]
    : [];
  return [
    ...ALWAYS,
    { to: '/home', label: english('Home') },
    { to: '/account', label: english('Account') },
    ...admin,
    { action: 'logout', label: english('Logout') },
  ];
}

/** Where 'Make an Appointment Now' leads. */
export function appointmentEntryPath(viewer: Viewer): string {
  return viewer.signedIn && viewer.emailVerified ? '/home' : '/login';
}
