/** Who is looking at the site, as far as the navigation cares. */
export type Viewer = { signedIn: false } | { signedIn: true; emailVerified: boolean; isAdmin: boolean };

export type NavLink = { to: string; label: string } | { action: 'logout'; label: string };

const ALWAYS: NavLink[] = [
  { to: '/services', label: 'Services' },
  { to: '/securified', label: 'Security Tips' },
  { to: '/remotesupport', label: 'Remote Support' },
];

/** The top navigation of spec section 2 for each visitor state. */
export function navLinksFor(viewer: Viewer): NavLink[] {
  if (!viewer.signedIn) {
    return [...ALWAYS, { to: '/signup', label: 'Register' }, { to: '/login', label: 'Login' }];
  }
  if (!viewer.emailVerified) {
    return [...ALWAYS, { action: 'logout', label: 'Logout' }];
  }
  const admin: NavLink[] = viewer.isAdmin
    ? [
        { to: '/admin', label: 'Admin' },
        { to: '/adminpayment', label: 'Payment' },
      ]
    : [];
  return [...ALWAYS, { to: '/home', label: 'Home' }, { to: '/account', label: 'Account' }, ...admin, { action: 'logout', label: 'Logout' }];
}

/** Where 'Make an Appointment Now' leads. */
export function appointmentEntryPath(viewer: Viewer): string {
  return viewer.signedIn && viewer.emailVerified ? '/home' : '/login';
}
