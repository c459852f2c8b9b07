import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { BUSINESS_NAME } from '../../shared/business.ts';
import { navLinksFor } from '../../shared/navigation.ts';
import { useViewer } from '../lib/viewer.tsx';

/**
 * Bootstrap's navbar markup with React state for the phone-width menu. It is part of every page's first load, so
 * it uses Bootstrap's classes on plain elements instead of react-bootstrap's Navbar and its transition code.
 */
export function SiteHeader({ onLogout }: { onLogout?: () => void }) {
  const viewer = useViewer();
  const [expanded, setExpanded] = useState(false);
  const close = () => setExpanded(false);

  return (
    <header>
      <a className="visually-hidden-focusable skip-link" href="#main-content">
        Skip to main content
      </a>
      <nav className="navbar navbar-expand-md navbar-dark site-navbar" aria-label="Main">
        <div className="container">
          <Link to="/" onClick={close} className="navbar-brand site-brand">
            <img src="/favicon.svg" alt="" width="36" height="36" className="me-2" />
            {BUSINESS_NAME}
          </Link>
          <button
            type="button"
            className={`navbar-toggler site-menu-toggle${expanded ? '' : ' collapsed'}`}
            aria-controls="site-nav"
            aria-expanded={expanded}
            aria-label="Menu"
            onClick={() => setExpanded((open) => !open)}
          >
            <span className="navbar-toggler-icon" aria-hidden="true" />
            <span className="ms-2">Menu</span>
          </button>
          <div id="site-nav" className={`navbar-collapse collapse${expanded ? ' show' : ''}`}>
            <ul className="navbar-nav ms-auto">
              {navLinksFor(viewer).map((link) => (
                <li className="nav-item" key={link.label}>
                  {'to' in link ? (
                    <NavLink to={link.to} onClick={close} className="nav-link">
                      {link.label}
                    </NavLink>
                  ) : (
                    <button
                      type="button"
                      className="nav-link"
                      onClick={() => {
                        close();
                        onLogout?.();
                      }}
                    >
                      {link.label}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </nav>
    </header>
  );
}
