import { useLingui } from '@lingui/react/macro';
import { REMOTE_SUPPORT_TOOLS } from '../../../../shared/business.ts';
import { withLinks } from '../../../components/linked-text.tsx';
import { appConfig, telHref } from '../../../lib/app-config.ts';
import { translate } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

export function RemoteSupportPage() {
  const { t } = useLingui();
  const title = t`Remote support`;
  usePageTitle(title);
  const { supportPhone: phone, supportEmail: email } = appConfig;
  return (
    <div className="container py-5 content-page">
      <h1>{title}</h1>
      <p className="lead">
        {t`Many problems can be fixed without a visit. At the time of your visit we call you, you open one of the free tools below, and you read us a one-time code. You see everything we do on your screen, and you can end the session at any moment.`}
      </p>
      <div className="row row-cols-1 row-cols-md-2 g-4">
        {REMOTE_SUPPORT_TOOLS.map((tool) => {
          const name = tool.name;
          return (
            <div key={name} className="col">
              <div className="card h-100">
                <div className="card-body">
                  <h2 className="h4 card-title">{name}</h2>
                  <p className="text-body-secondary mb-2">{translate(tool.platforms)}</p>
                  <p className="card-text">{translate(tool.text)}</p>
                  <a className="btn btn-primary" href={tool.url} target="_blank" rel="noopener noreferrer">
                    {t`Open ${name}`}
                    <span className="visually-hidden"> {t`(opens in a new tab)`}</span>
                  </a>
                </div>
              </div>
            </div>
          );
        })}
      </div>
      <h2 className="h4 mt-5">{t`Is it safe?`}</h2>
      <p>
        {t`Only share a code with us during a visit you booked, and only when we have called you. We will never call you out of the blue and ask for remote access: anyone who does is a scammer.`}
      </p>
      <p className="mb-0">
        {withLinks(
          t`Questions? Call <0>${phone}</0> or write to <1>${email}</1>.`,
          (words) => (
            <a href={telHref(phone)}>{words}</a>
          ),
          (words) => (
            <a href={`mailto:${email}`}>{words}</a>
          ),
        )}
      </p>
    </div>
  );
}
