import '../admin.css';
import Container from 'react-bootstrap/Container';
import { Outlet } from 'react-router';
import { AdminNav } from './admin-nav.tsx';

/**
 * The frame of every admin screen: the shared navigation above the screen, in the site's one content column (the
 * header's and the footer's width). A layout route; place inside RequireAdmin.
 */
function AdminLayout() {
  return (
    <Container className="admin-area py-4">
      <AdminNav />
      <Outlet />
    </Container>
  );
}

export { AdminLayout as Component };
