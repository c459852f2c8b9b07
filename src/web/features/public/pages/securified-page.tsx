import { useLingui } from '@lingui/react/macro';
import { SECURITY_LESSONS } from '../../../../shared/business.ts';
import { withLinks } from '../../../components/linked-text.tsx';
import { appConfig, telHref } from '../../../lib/app-config.ts';
import { translate } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { LessonVideo } from '../components/lesson-video.tsx';

export function SecurifiedPage() {
  const { t } = useLingui();
  const title = t`Stay safe online`;
  usePageTitle(title);
  const phone = appConfig.supportPhone;
  return (
    <div className="container py-5 content-page">
      <h1>{title}</h1>
      <p className="lead">
        {t`Four short lessons that prevent most of the problems we are called about. Each video has a written summary, so you can read the lesson even if the video will not play.`}
      </p>
      <nav aria-label={t`Lessons on this page`} className="mb-4">
        <ul className="list-inline mb-0">
          {SECURITY_LESSONS.map((lesson) => (
            <li key={lesson.anchor} className="list-inline-item">
              <a href={`#${lesson.anchor}`} className="target-link">
                {translate(lesson.title)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {SECURITY_LESSONS.map((lesson) => (
        <section key={lesson.anchor} id={lesson.anchor} aria-labelledby={`${lesson.anchor}-title`} className="lesson mb-5">
          <div className="row gy-3">
            <div className="col-lg-7">
              <LessonVideo youtubeId={lesson.youtubeId} title={translate(lesson.title)} poster={lesson.poster} />
            </div>
            <div className="col-lg-5">
              <h2 id={`${lesson.anchor}-title`}>{translate(lesson.title)}</h2>
              <ul>
                {lesson.summary.map((point) => (
                  <li key={point}>{translate(point)}</li>
                ))}
              </ul>
            </div>
          </div>
        </section>
      ))}
      <p className="mb-0">
        {withLinks(t`Think you clicked something you should not have? Call us at <0>${phone}</0> before you do anything else.`, (words) => (
          <a href={telHref(phone)}>{words}</a>
        ))}
      </p>
    </div>
  );
}
