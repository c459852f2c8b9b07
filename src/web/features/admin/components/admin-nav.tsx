import { NavLink } from 'react-router';

/** The back office's screens, in the order the owner uses them. */
export const ADMIN_SCREENS = [
  { to: '/admin', label: 'Dashboard' },
  { to: '/adminpayment', label: 'Take a Payment' },
  { to: '/completed-appointments', label: 'Completed' },
  { to: '/paid-appointments', label: 'Paid' },
  { to: '/errorlog', label: 'Error Log' },
  { to: '/config-change-log', label: 'Config Change Log' },
  { to: '/change-log-form', label: 'Change Log Form' },
  { to: '/admin/time-off', label: 'Time Off' },
  { to: '/admin/reviews', label: 'Ratings' },
] as const;

/** The button bar every admin screen shares; the current screen is marked (aria-current="page"). */
export function AdminNav() {
  return (
    <nav aria-label="Back office">
      <ul className="admin-nav-list">
        {ADMIN_SCREENS.map((screen) => (
          <li key={screen.to}>
            <NavLink to={screen.to} end className="btn btn-outline-primary">
              {screen.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
