import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { withLinks } from '../../../components/linked-text.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';

export function NotFoundPage() {
  const { t } = useLingui();
  const title = t`Page not found`;
  usePageTitle(title);
  return (
    <div className="container py-5 content-page">
      <h1>{title}</h1>
      <p className="lead">{t`We could not find that page. It may have moved, or the address may have a typo.`}</p>
      <p className="mb-0">
        {withLinks(
          t`Go to the <0>home page</0> or see our <1>services</1>.`,
          (words) => (
            <Link to="/">{words}</Link>
          ),
          (words) => (
            <Link to="/services">{words}</Link>
          ),
        )}
      </p>
    </div>
  );
}
