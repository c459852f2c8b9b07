import '../admin.css';
import Container from 'react-bootstrap/Container';
import { Outlet } from 'react-router';
import { AdminNav } from './admin-nav.tsx';

/** The frame of every admin screen: the shared button bar above the screen. A layout route; place inside RequireAdmin. */
function AdminLayout() {
  return (
    <Container fluid className="admin-area py-4">
      <AdminNav />
      <Outlet />
    </Container>
  );
}

export { AdminLayout as Component };
