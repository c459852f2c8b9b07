import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title.ts';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <div className="container py-5 content-page">
      <h1>Page not found</h1>
      <p className="lead">We could not find that page. It may have moved, or the address may have a typo.</p>
      <p className="mb-0">
        Go to the <Link to="/">home page</Link> or see our <Link to="/services">services</Link>.
      </p>
    </div>
  );
}
