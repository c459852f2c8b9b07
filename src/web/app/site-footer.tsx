import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { SERVICE_TOWNS } from '../../shared/service-area.ts';
import { BUSINESS_NAME, BUSINESS_TAGLINE } from '../../shared/site.ts';
import { appConfig, telHref } from '../lib/app-config.ts';
import { translate } from '../lib/i18n.ts';

export function SiteFooter() {
  const { t } = useLingui();
  const { supportPhone, supportEmail } = appConfig;
  return (
    <footer className="site-footer mt-auto">
      <div className="container">
        <div className="row gy-4">
          <div className="col-md-5">
            <h2 className="h5">{BUSINESS_NAME}</h2>
            <p className="mb-0">{translate(BUSINESS_TAGLINE)}.</p>
            <p className="mb-0">{t`Visits on Saturdays and Sundays, in person or remote.`}</p>
          </div>
          <div className="col-md-4">
            <h2 className="h5">{t`Contact us`}</h2>
            <ul className="list-unstyled mb-0">
              <li>
                {t`Phone:`} <a href={telHref(supportPhone)}>{supportPhone}</a>
              </li>
              <li>
                {t`E-mail:`} <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
              </li>
              <li>
                <Link to="/about" className="target-link">{t`Hours and contact form`}</Link>
              </li>
            </ul>
          </div>
          <div className="col-md-3">
            <h2 className="h5">{t`Service area`}</h2>
            <ul className="list-unstyled mb-0">
              {SERVICE_TOWNS.map((town) => {
                const townName = town.replace(/^Town of /, '');
                return <li key={town}>{t`Town of ${townName}, NY`}</li>;
              })}
              <li>
                <Link to="/services#service-area" className="target-link">{t`See all 25 communities`}</Link>
              </li>
            </ul>
          </div>
        </div>
        <p className="site-footer-legal mb-0">
          © {new Date().getFullYear()} {BUSINESS_NAME}. {t`Long Island, New York.`}
        </p>
      </div>
    </footer>
  );
}
