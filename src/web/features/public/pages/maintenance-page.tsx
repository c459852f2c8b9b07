import { MAINTENANCE_MESSAGE } from '../../../../shared/messages.ts';
import { appConfig, telHref } from '../../../lib/app-config.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

export function MaintenancePage() {
  usePageTitle('Down for maintenance');
  return (
    <div className="container py-5 content-page">
      <h1>{MAINTENANCE_MESSAGE}</h1>
      <p className="lead mb-0">
        Need help right now? Call <a href={telHref(appConfig.supportPhone)}>{appConfig.supportPhone}</a>.
      </p>
    </div>
  );
}
