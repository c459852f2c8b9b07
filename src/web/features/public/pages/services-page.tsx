import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import {
  FEE_SCHEDULE_TEXT,
  HARDWARE_NOTE,
  PAYMENT_METHODS,
  PAYMENT_TERMS,
  SERVICE_CITIES,
  SERVICE_TOWNS,
  SERVICES_OFFERED,
  SLOT_LABELS,
  TECHNICIAN_BIO,
} from '../../../../shared/business.ts';
import { LazyServiceAreaMap } from '../../../components/lazy-service-area-map.tsx';
import { withLinks } from '../../../components/linked-text.tsx';
import { appConfig } from '../../../lib/app-config.ts';
import { translate } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { LazyCustomerReviews, LazyTechnicianProfile } from '../components/lazy-technician.tsx';
import { configuredBiography } from '../components/technician.ts';

/** A visit's start as the spec writes it ('08:00am'), or as Spanish does ('8:00 a. m.'). */
const slotText = (label: string, locale: string) => (locale === 'es' ? label.replace(/^0?(\d+:\d\d)([ap])m$/, '$1 $2. m.') : label);

export function ServicesPage() {
  const { i18n, t } = useLingui();
  usePageTitle(t`Services, service area and fees`);
  const slots = SLOT_LABELS.map((label) => slotText(label, i18n.locale)).join(', ');
  const [firstTown, secondTown] = SERVICE_TOWNS;
  // The owner's own biography (TECHNICIAN_BIO, TECHNICIAN_BIO_ES), else the built-in one.
  const own = configuredBiography(appConfig.technician, i18n.locale);
  return (
    <div className="container py-5 content-page">
      <h1>{t`Our services`}</h1>
      <p className="lead">
        {t`Friendly, patient technology help at your home or business, or remotely, on Saturdays and Sundays. We explain what we do in plain words, and we show you how to handle it next time.`}
      </p>

      <section aria-labelledby="what-we-do" className="mt-5">
        <h2 id="what-we-do">{t`What we help with`}</h2>
        <div className="text-grid text-grid-md-2 text-grid-lg-3 mt-3">
          {SERVICES_OFFERED.map((service) => (
            <div key={service.title}>
              <div className="card h-100 service-card">
                <div className="card-body">
                  <h3 className="h5 card-title">{translate(service.title)}</h3>
                  <p className="card-text">{translate(service.text)}</p>
                </div>
              </div>
            </div>
          ))}
        </div>
        <p className="mt-4 mb-0">
          <strong>{t`Hardware:`}</strong> {translate(HARDWARE_NOTE)}
        </p>
      </section>

      <section aria-labelledby="fees" className="mt-5">
        <h2 id="fees">{t`Fees`}</h2>
        <ul className="fee-list">
          {FEE_SCHEDULE_TEXT.map((line) => (
            <li key={line}>{translate(line)}</li>
          ))}
        </ul>
        <p>{t`For example, 90 minutes of troubleshooting costs $75, and a 70-minute visit costs the one-hour minimum of $50.`}</p>
        <h3 className="h5">{t`Payment`}</h3>
        <p>{translate(PAYMENT_TERMS)}</p>
        <ul className="list-inline">
          {PAYMENT_METHODS.map((method) => (
            <li key={method} className="list-inline-item badge text-bg-light border payment-method">
              {translate(method)}
            </li>
          ))}
        </ul>
        <p className="mb-0">{t`Once a job is marked completed you can also pay online from your appointments list.`}</p>
      </section>

      <section aria-labelledby="hours" className="mt-5">
        <h2 id="hours">{t`When we visit`}</h2>
        <p>{t`Saturdays and Sundays, starting at ${slots} (New York time). Book from your account up to three visits at a time.`}</p>
      </section>

      <section aria-labelledby="service-area" className="mt-5">
        <h2 id="service-area">{t`Service area`}</h2>
        <p>
          {t`We serve the ${firstTown} and the ${secondTown}, New York. The service address must be inside the area; remote support is available anywhere.`}
        </p>
        <div className="row gy-4">
          <div className="col-lg-7">
            <LazyServiceAreaMap />
          </div>
          <div className="col-lg-5">
            <h3 className="h5">{t`Communities we serve`}</h3>
            <ul className="town-list">
              {SERVICE_CITIES.map((city) => (
                <li key={city.name}>
                  {city.name} <span className="text-body-secondary">{city.zip}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section aria-labelledby="technician" className="mt-5">
        <h2 id="technician">{translate(TECHNICIAN_BIO.heading)}</h2>
        <LazyTechnicianProfile>
          {own
            ? own.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 24)} lang={own.lang}>
                  {paragraph}
                </p>
              ))
            : TECHNICIAN_BIO.paragraphs.map((paragraph) => <p key={paragraph.slice(0, 24)}>{translate(paragraph)}</p>)}
        </LazyTechnicianProfile>
      </section>

      <LazyCustomerReviews className="mt-5" />

      <p className="mt-5 mb-0">
        {withLinks(t`Questions first? <0>Call or write to us</0>.`, (words) => (
          <Link to="/about">{words}</Link>
        ))}
      </p>
      <p className="mt-3 mb-0">
        {withLinks(
          t`Ready? <0>Register</0> or <1>log in</1> to book a visit.`,
          (words) => (
            <Link to="/signup">{words}</Link>
          ),
          (words) => (
            <Link to="/login">{words}</Link>
          ),
        )}
      </p>
    </div>
  );
}
