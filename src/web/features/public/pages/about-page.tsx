import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { SLOT_LABELS } from '../../../../shared/business.ts';
import { withLinks } from '../../../components/linked-text.tsx';
import { appConfig, telHref } from '../../../lib/app-config.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { ContactFormCard } from '../components/contact-form.tsx';
import { LazyTechnicianProfile } from '../components/lazy-technician.tsx';

/** A visit's start as the spec writes it ('08:00am'), or as Spanish does ('8:00 a. m.'). */
const slotText = (label: string, locale: string) => (locale === 'es' ? label.replace(/^0?(\d+:\d\d)([ap])m$/, '$1 $2. m.') : label);

/**
 * Who we are and how to reach us (issue 40): the phone and e-mail, the hours of the visits, the towns, the
 * technician, and a short form whose message reaches the owner. `/contact` leads here too.
 */
export function AboutPage() {
  const { i18n, t } = useLingui();
  usePageTitle(t`About us and contact`);
  const { supportPhone: phone, supportEmail: email } = appConfig;
  const first = slotText(SLOT_LABELS[0], i18n.locale);
  const last = slotText(SLOT_LABELS[SLOT_LABELS.length - 1] ?? SLOT_LABELS[0], i18n.locale);
  return (
    <div className="container py-5 content-page">
      <h1>{t`About us and contact`}</h1>
      <p className="lead">
        {t`TechHelp is a local business with one technician: the person who answers your call is the person who comes to your door. Call us, write to us, or send a message from this page.`}
      </p>

      <div className="row gy-5 mt-1">
        <div className="col-lg-5">
          <section aria-labelledby="reach-us">
            <h2 id="reach-us">{t`Call or write`}</h2>
            <ul className="contact-ways">
              <li>
                <span className="contact-way-label">{t`Phone`}</span>
                <a className="contact-way-value" href={telHref(phone)}>
                  {phone}
                </a>
              </li>
              <li>
                <span className="contact-way-label">{t`E-mail`}</span>
                <a className="contact-way-value" href={`mailto:${email}`}>
                  {email}
                </a>
              </li>
            </ul>
            <p>{t`If we cannot answer the phone, leave a message and we will call you back.`}</p>
          </section>

          <section aria-labelledby="hours" className="mt-5">
            <h2 id="hours">{t`Hours`}</h2>
            <p>{t`Visits on Saturdays and Sundays, starting from ${first} to ${last}, New York time.`}</p>
            <p className="mb-0">
              {withLinks(
                t`To book a visit, <0>register</0> or <1>log in</1>.`,
                (words) => (
                  <Link to="/signup">{words}</Link>
                ),
                (words) => (
                  <Link to="/login">{words}</Link>
                ),
              )}
            </p>
          </section>

          <section aria-labelledby="where" className="mt-5">
            <h2 id="where">{t`Where we work`}</h2>
            <p>{t`Homes and businesses in the Town of Islip and the Town of Smithtown, on Long Island; remote support anywhere.`}</p>
            <p className="mb-0">
              <Link to="/services#service-area">{t`See the map and all 25 communities`}</Link>
            </p>
          </section>
        </div>

        <div className="col-lg-7">
          <section aria-labelledby="send-message" className="contact-form-card">
            <h2 id="send-message">{t`Send us a message`}</h2>
            <p>{t`We read every message and answer by e-mail or by phone, as you prefer.`}</p>
            <ContactFormCard />
          </section>
        </div>
      </div>

      <section aria-labelledby="technician" className="mt-5">
        <h2 id="technician">{t`Meet your technician`}</h2>
        <LazyTechnicianProfile>
          <p className="mb-0">
            <Link to="/services#technician">{t`Read more about your technician`}</Link>
          </p>
        </LazyTechnicianProfile>
      </section>
    </div>
  );
}
