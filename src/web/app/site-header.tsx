import { useState } from 'react';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { Link, NavLink } from 'react-router';
import { BUSINESS_NAME } from '../../shared/business.ts';
import { navLinksFor } from '../../shared/navigation.ts';
import { useViewer } from '../lib/viewer.tsx';

export function SiteHeader({ onLogout }: { onLogout?: () => void }) {
  const viewer = useViewer();
  const [expanded, setExpanded] = useState(false);
  const close = () => setExpanded(false);

  return (
    <header>
      <a className="visually-hidden-focusable skip-link" href="#main-content">
        Skip to main content
      </a>
      <Navbar expand="md" variant="dark" className="site-navbar" expanded={expanded} onToggle={setExpanded} aria-label="Main">
        <Container>
          <Navbar.Brand as={Link} to="/" onClick={close} className="site-brand">
            <img src="/favicon.svg" alt="" width="36" height="36" className="me-2" />
            {BUSINESS_NAME}
          </Navbar.Brand>
          <Navbar.Toggle aria-controls="site-nav" label="Menu" className="site-menu-toggle">
            <span className="navbar-toggler-icon" aria-hidden="true" />
            <span className="ms-2">Menu</span>
          </Navbar.Toggle>
          <Navbar.Collapse id="site-nav">
            <Nav as="ul" className="ms-auto">
              {navLinksFor(viewer).map((link) => (
                <Nav.Item as="li" key={link.label}>
                  {'to' in link ? (
                    <Nav.Link as={NavLink} to={link.to} onClick={close}>
                      {link.label}
                    </Nav.Link>
                  ) : (
                    <Nav.Link
                      as="button"
                      type="button"
                      onClick={() => {
                        close();
                        onLogout?.();
                      }}
                    >
                      {link.label}
                    </Nav.Link>
                  )}
                </Nav.Item>
              ))}
            </Nav>
          </Navbar.Collapse>
        </Container>
      </Navbar>
    </header>
  );
}
