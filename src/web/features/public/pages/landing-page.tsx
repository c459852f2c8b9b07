import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { appointmentEntryPath } from '../../../../shared/navigation.ts';
import { SERVICE_CITIES } from '../../../../shared/service-area.ts';
import { BUSINESS_TAGLINE } from '../../../../shared/site.ts';
import { LazyServiceAreaMap } from '../../../components/lazy-service-area-map.tsx';
import { withLinks } from '../../../components/linked-text.tsx';
import { WhenNear } from '../../../components/when-near.tsx';
import { appConfig, telHref } from '../../../lib/app-config.ts';
import { loadMessages, translate } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useViewer } from '../../../lib/viewer.tsx';
import { HeroCarousel } from '../components/hero-carousel.tsx';

/**
 * The technician and the ratings (issue 40), below the first screen: their code, their texts (the public pages'
 * catalogue) and the ratings' read come when the visitor scrolls near them, outside the first load's budget.
 */
const TrustBand = lazy(() =>
  // Texts that fail to come leave the band in English, as on the other public pages (layout.tsx).
  Promise.all([import('../components/trust-band.tsx'), loadMessages(['rules']).catch(() => undefined)]).then(([module]) => ({
    default: module.TrustBand,
  })),
);

const STEPS = [
  { title: msg`Register`, text: msg`Create your account with your e-mail address and confirm it from the message we send you.` },
  { title: msg`Pick a weekend time`, text: msg`Choose a Saturday or Sunday and one of eight times, in person at your door or remote.` },
  { title: msg`Tell us the problem`, text: msg`A few words are enough, so we arrive with the right tools and answers.` },
  { title: msg`Pay when it is done`, text: msg`You pay only after the job is completed: online, or by cash, check or card.` },
] as const;

export function LandingPage() {
  const { i18n, t } = useLingui();
  usePageTitle(t`Computer help in Islip and Smithtown`);
  const viewer = useViewer();
  const tagline = translate(BUSINESS_TAGLINE);
  const phone = appConfig.supportPhone;
  const communities = SERVICE_CITIES.length;
  return (
    <>
      <section className="hero">
        <div className="container py-4 py-md-5">
          <div className="row align-items-center gy-4">
            <div className="col-lg-5">
              <h1 className="display-5 fw-bold">{t`Computer help from a neighbor you can trust`}</h1>
              <p className="lead">{t`${tagline}, for homes, home offices, small businesses and older adults.`}</p>
              <Link to={appointmentEntryPath(viewer)} className="btn btn-warning btn-lg cta-button">
                {t`Make an Appointment Now`}
              </Link>
              <p className="mt-3 mb-0">
                {withLinks(t`Prefer to talk first? Call <0>${phone}</0>.`, (words) => (
                  <a href={telHref(phone)}>{words}</a>
                ))}
              </p>
            </div>
            <div className="col-lg-7">
              <HeroCarousel />
            </div>
          </div>
        </div>
      </section>

      <section className="py-5" aria-labelledby="how-it-works">
        <div className="container">
          <h2 id="how-it-works" className="mb-4">
            {t`How it works`}
          </h2>
          <ol className="list-unstyled mb-4 steps text-grid text-grid-sm-2 text-grid-lg-4">
            {STEPS.map((step, index) => (
              <li key={step.title.id}>
                <div className="step h-100">
                  <span className="step-number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <h3 className="h5">{i18n._(step.title)}</h3>
                  <p className="mb-0">{i18n._(step.text)}</p>
                </div>
              </li>
            ))}
          </ol>
          <p className="mb-0">
            {withLinks(
              t`See our <0>services and fees</0>, or learn how <1>remote support</1> works.`,
              (words) => (
                <Link to="/services">{words}</Link>
              ),
              (words) => (
                <Link to="/remotesupport">{words}</Link>
              ),
            )}
          </p>
        </div>
      </section>

      <WhenNear>
        <Suspense fallback={null}>
          <TrustBand />
        </Suspense>
      </WhenNear>

      <section className="py-5 bg-light-subtle border-top" aria-labelledby="service-area">
        <div className="container">
          <div className="text-grid text-grid-lg-1-2 align-items-center">
            <div>
              <h2 id="service-area">{t`Where we work`}</h2>
              <p>
                {t`We visit homes and businesses throughout the Town of Islip and the Town of Smithtown: ${communities} communities from Kings Park and Saint James on the North Shore to West Islip and Sayville on the Great South Bay.`}
              </p>
              <p className="mb-0">
                {withLinks(t`Outside the area? Remote support works from anywhere; <0>see how</0>.`, (words) => (
                  <Link to="/remotesupport">{words}</Link>
                ))}
              </p>
            </div>
            <div>
              <LazyServiceAreaMap />
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
