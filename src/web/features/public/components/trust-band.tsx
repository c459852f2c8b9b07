import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { withLinks } from '../../../components/linked-text.tsx';
import { CustomerReviews } from './customer-reviews.tsx';
import { TechnicianProfile } from './technician-profile.tsx';

/**
 * The landing page's "Meet your technician" and what customers say (issue 40): loaded when the visitor scrolls near
 * it, with its texts (the public pages' catalogue), so that the first load of `/` stays within its budget.
 */
export function TrustBand() {
  const { t } = useLingui();
  return (
    <section className="py-5 trust-band" aria-labelledby="meet-your-technician">
      <div className="container">
        <h2 id="meet-your-technician">{t`Meet your technician`}</h2>
        <div className="trust-card mt-3">
          <TechnicianProfile>
            <p>{t`One patient, plain-spoken technician does every visit: the same friendly face each time, and never a call center.`}</p>
            <p className="mb-0">
              {withLinks(
                t`<0>Read more about your technician</0> or <1>send us a message</1>.`,
                (words) => (
                  <Link to="/services#technician">{words}</Link>
                ),
                (words) => (
                  <Link to="/about">{words}</Link>
                ),
              )}
            </p>
          </TechnicianProfile>
        </div>
        <CustomerReviews className="mt-5" />
      </div>
    </section>
  );
}
