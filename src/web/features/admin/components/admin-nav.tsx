import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';

type Screen = { to: string; label: string };
type Group = { name: string; screens: readonly Screen[] };

/**
 * The back office's screens in four groups, in the order the owner uses them: what is on now (the dashboard, with
 * this weekend's agenda), the visits, the money, and the settings and records. A group of one screen is a link
 * named by its group.
 */
export const ADMIN_GROUPS: readonly Group[] = [
  { name: 'Today', screens: [{ to: '/admin', label: 'Today' }] },
  {
    name: 'Visits',
    screens: [
      { to: '/completed-appointments', label: 'Completed' },
      { to: '/admin/waitlist', label: 'Waitlist' },
      { to: '/admin/reviews', label: 'Ratings' },
    ],
  },
  {
    name: 'Money',
    screens: [
      { to: '/adminpayment', label: 'Take a Payment' },
      { to: '/paid-appointments', label: 'Paid' },
      { to: '/sales-tax', label: 'Sales Tax' },
    ],
  },
  {
    name: 'Settings',
    screens: [
      { to: '/admin/time-off', label: 'Time Off' },
      { to: '/errorlog', label: 'Error Log' },
      { to: '/config-change-log', label: 'Config Change Log' },
      { to: '/change-log-form', label: 'Change Log Form' },
    ],
  },
];

/** Every screen of the back office, group by group. */
export const ADMIN_SCREENS: readonly Screen[] = ADMIN_GROUPS.flatMap((group) => group.screens);

const isCurrent = (screen: Screen, pathname: string) => pathname === screen.to;

/**
 * The navigation every admin screen shares, on one line at any width and text size: on a wide screen the groups
 * side by side, each a button that shows its screens below it (a disclosure, so Tab and Enter reach every link, and
 * Escape closes it); on a narrow one (or with large text) one "Back office" button that shows every group.
 * The current screen is marked (aria-current="page"), and so is its group's button.
 */
export function AdminNav() {
  const id = useId();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [openGroup, setOpenGroup] = useState<string>();
  const nav = useRef<HTMLElement>(null);

  // A link followed closes what was open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new screen is what closes the menus
  useEffect(() => {
    setMenuOpen(false);
    setOpenGroup(undefined);
  }, [pathname]);

  // A click anywhere else closes them too.
  useEffect(() => {
    if (!menuOpen && openGroup === undefined) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && nav.current?.contains(event.target)) return;
      setMenuOpen(false);
      setOpenGroup(undefined);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [menuOpen, openGroup]);

  /** Escape closes the open group (or the menu) and gives the focus back to the button that opened it. */
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    if (openGroup !== undefined) {
      document.getElementById(`${id}-${openGroup}-button`)?.focus();
      setOpenGroup(undefined);
      event.stopPropagation();
    } else if (menuOpen) {
      document.getElementById(`${id}-menu-button`)?.focus();
      setMenuOpen(false);
      event.stopPropagation();
    }
  };

  /** The focus leaving a group closes it: its list never covers what the reader tabbed on to. */
  const onGroupBlur = (group: string) => (event: FocusEvent<HTMLLIElement>) => {
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    setOpenGroup((open) => (open === group ? undefined : open));
  };

  return (
    <nav aria-label="Back office" className="admin-nav" ref={nav} onKeyDown={onKeyDown}>
      <button
        type="button"
        id={`${id}-menu-button`}
        className="admin-nav-menu-button"
        aria-expanded={menuOpen}
        aria-controls={`${id}-groups`}
        onClick={() => setMenuOpen((open) => !open)}
      >
        <span className="admin-nav-bars" aria-hidden="true" />
        Back office
      </button>
      <ul id={`${id}-groups`} className={`admin-nav-groups${menuOpen ? ' is-open' : ''}`}>
        {ADMIN_GROUPS.map((group) => {
          const [only] = group.screens;
          if (group.screens.length === 1 && only) {
            return (
              <li key={group.name} className="admin-nav-group">
                <NavLink to={only.to} end className="admin-nav-top">
                  {only.label}
                </NavLink>
              </li>
            );
          }
          const open = openGroup === group.name;
          const holdsCurrent = group.screens.some((screen) => isCurrent(screen, pathname));
          return (
            <li key={group.name} className="admin-nav-group" onBlur={onGroupBlur(group.name)}>
              <button
                type="button"
                id={`${id}-${group.name}-button`}
                className={`admin-nav-top admin-nav-group-button${holdsCurrent ? ' holds-current' : ''}`}
                aria-expanded={open}
                aria-controls={`${id}-${group.name}`}
                onClick={() => setOpenGroup(open ? undefined : group.name)}
              >
                {group.name}
                <span className="admin-nav-chevron" aria-hidden="true" />
              </button>
              <span id={`${id}-${group.name}-label`} className="admin-nav-group-label">
                {group.name}
              </span>
              <ul
                id={`${id}-${group.name}`}
                className={`admin-nav-panel${open ? ' is-open' : ''}`}
                aria-labelledby={`${id}-${group.name}-label`}
              >
                {group.screens.map((screen) => (
                  <li key={screen.to}>
                    <NavLink to={screen.to} end className="admin-nav-link">
                      {screen.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
