import { useLingui } from '@lingui/react/macro';
import { MAINTENANCE_MESSAGE } from '../../../../shared/messages.ts';
import { withLinks } from '../../../components/linked-text.tsx';
import { appConfig, telHref } from '../../../lib/app-config.ts';
import { translate } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

export function MaintenancePage() {
  const { t } = useLingui();
  usePageTitle(t`Down for maintenance`);
  const phone = appConfig.supportPhone;
  return (
    <div className="container py-5 content-page">
      <h1>{translate(MAINTENANCE_MESSAGE)}</h1>
      <p className="lead mb-0">
        {withLinks(t`Need help right now? Call <0>${phone}</0>.`, (words) => (
          <a href={telHref(phone)}>{words}</a>
        ))}
      </p>
    </div>
  );
}
