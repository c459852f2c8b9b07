import { REMOTE_SUPPORT_TOOLS } from '../../../../shared/business.ts';
import { appConfig, telHref } from '../../../lib/app-config.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

export function RemoteSupportPage() {
  usePageTitle('Remote support');
  return (
    <div className="container py-5 content-page">
      <h1>Remote support</h1>
      <p className="lead">
        Many problems can be fixed without a visit. At your appointment time we call you, you open one of the free tools below, and you read
        us a one-time code. You see everything we do on your screen, and you can end the session at any moment.
      </p>
      <div className="row row-cols-1 row-cols-md-2 g-4">
        {REMOTE_SUPPORT_TOOLS.map((tool) => (
          <div key={tool.name} className="col">
            <div className="card h-100">
              <div className="card-body">
                <h2 className="h4 card-title">{tool.name}</h2>
                <p className="text-body-secondary mb-2">{tool.platforms}</p>
                <p className="card-text">{tool.text}</p>
                <a className="btn btn-primary" href={tool.url} target="_blank" rel="noopener noreferrer">
                  Open {tool.name}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </div>
            </div>
          </div>
        ))}
      </div>
      <h2 className="h4 mt-5">Is it safe?</h2>
      <p>
        Only share a code with us during an appointment you booked, and only when we have called you. We will never call you out of the blue
        and ask for remote access: anyone who does is a scammer.
      </p>
      <p className="mb-0">
        Questions? Call <a href={telHref(appConfig.supportPhone)}>{appConfig.supportPhone}</a> or write to{' '}
        <a href={`mailto:${appConfig.supportEmail}`}>{appConfig.supportEmail}</a>.
      </p>
    </div>
  );
}
