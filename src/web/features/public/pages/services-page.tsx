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
import { usePageTitle } from '../../../lib/use-page-title.ts';

export function ServicesPage() {
  usePageTitle('Services, service area and fees');
  return (
    <div className="container py-5 content-page">
      <h1>Our services</h1>
      <p className="lead">
        Friendly, patient technology help at your home or business, or remotely, on Saturdays and Sundays. We explain what we do in plain
        words, and we show you how to handle it next time.
      </p>

      <section aria-labelledby="what-we-do" className="mt-5">
        <h2 id="what-we-do">What we help with</h2>
        <div className="row row-cols-1 row-cols-md-2 row-cols-lg-3 g-4 mt-1">
          {SERVICES_OFFERED.map((service) => (
            <div key={service.title} className="col">
              <div className="card h-100 service-card">
                <div className="card-body">
                  <h3 className="h5 card-title">{service.title}</h3>
                  <p className="card-text">{service.text}</p>
                </div>
              </div>
            </div>
          ))}
        </div>
        <p className="mt-4 mb-0">
          <strong>Hardware:</strong> {HARDWARE_NOTE}
        </p>
      </section>

      <section aria-labelledby="fees" className="mt-5">
        <h2 id="fees">Fees</h2>
        <ul className="fee-list">
          {FEE_SCHEDULE_TEXT.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p>For example, 90 minutes of troubleshooting costs $75, and a 70-minute visit costs the one-hour minimum of $50.</p>
        <h3 className="h5">Payment</h3>
        <p>{PAYMENT_TERMS}</p>
        <ul className="list-inline">
          {PAYMENT_METHODS.map((method) => (
            <li key={method} className="list-inline-item badge text-bg-light border payment-method">
              {method}
            </li>
          ))}
        </ul>
        <p className="mb-0">Once a job is marked completed you can also pay online from your appointments list.</p>
      </section>

      <section aria-labelledby="hours" className="mt-5">
        <h2 id="hours">When we visit</h2>
        <p>
          Saturdays and Sundays, starting at {SLOT_LABELS.join(', ')} (New York time). Book from your account up to three visits at a time.
        </p>
      </section>

      <section aria-labelledby="service-area" className="mt-5">
        <h2 id="service-area">Service area</h2>
        <p>
          We serve the {SERVICE_TOWNS.join(' and the ')}, New York. The service address must be inside the area; remote support is available
          anywhere.
        </p>
        <div className="row gy-4">
          <div className="col-lg-7">
            <LazyServiceAreaMap />
          </div>
          <div className="col-lg-5">
            <h3 className="h5">Communities we serve</h3>
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
        <h2 id="technician">{TECHNICIAN_BIO.heading}</h2>
        {TECHNICIAN_BIO.paragraphs.map((paragraph) => (
          <p key={paragraph.slice(0, 24)}>{paragraph}</p>
        ))}
        <p className="mb-0">
          Ready? <Link to="/signup">Register</Link> or <Link to="/login">log in</Link> to book a visit.
        </p>
      </section>
    </div>
  );
}
