import { Link } from 'react-router';
import { BUSINESS_NAME, BUSINESS_TAGLINE, SERVICE_TOWNS } from '../../shared/business.ts';
import { appConfig, telHref } from '../lib/app-config.ts';

export function SiteFooter() {
  const { supportPhone, supportEmail } = appConfig;
  return (
    <footer className="site-footer mt-auto">
      <div className="container">
        <div className="row gy-4">
          <div className="col-md-5">
            <h2 className="h5">{BUSINESS_NAME}</h2>
            <p className="mb-0">{BUSINESS_TAGLINE}.</p>
            <p className="mb-0">Visits on Saturdays and Sundays, in person or remote.</p>
          </div>
          <div className="col-md-4">
            <h2 className="h5">Contact us</h2>
            <ul className="list-unstyled mb-0">
              <li>
                Phone: <a href={telHref(supportPhone)}>{supportPhone}</a>
              </li>
              <li>
                E-mail: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
              </li>
            </ul>
          </div>
          <div className="col-md-3">
            <h2 className="h5">Service area</h2>
            <ul className="list-unstyled mb-0">
              {SERVICE_TOWNS.map((town) => (
                <li key={town}>{town}, NY</li>
              ))}
              <li>
                <Link to="/services#service-area">See all 25 communities</Link>
              </li>
            </ul>
          </div>
        </div>
        <p className="site-footer-legal mb-0">
          © {new Date().getFullYear()} {BUSINESS_NAME}. Long Island, New York.
        </p>
      </div>
    </footer>
  );
}
