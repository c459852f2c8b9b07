import { SECURITY_LESSONS } from '../../../../shared/business.ts';
import { appConfig, telHref } from '../../../lib/app-config.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { LessonVideo } from '../components/lesson-video.tsx';

export function SecurifiedPage() {
  usePageTitle('Stay safe online');
  return (
    <div className="container py-5 content-page">
      <h1>Stay safe online</h1>
      <p className="lead">
        Four short lessons that prevent most of the problems we are called about. Each video has a written summary, so you can read the
        lesson even if the video will not play.
      </p>
      <nav aria-label="Lessons on this page" className="mb-4">
        <ul className="list-inline mb-0">
          {SECURITY_LESSONS.map((lesson) => (
            <li key={lesson.anchor} className="list-inline-item">
              <a href={`#${lesson.anchor}`}>{lesson.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {SECURITY_LESSONS.map((lesson) => (
        <section key={lesson.anchor} id={lesson.anchor} aria-labelledby={`${lesson.anchor}-title`} className="lesson mb-5">
          <div className="row gy-3">
            <div className="col-lg-7">
              <LessonVideo youtubeId={lesson.youtubeId} title={lesson.title} poster={lesson.poster} />
            </div>
            <div className="col-lg-5">
              <h2 id={`${lesson.anchor}-title`}>{lesson.title}</h2>
              <ul>
                {lesson.summary.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </div>
          </div>
        </section>
      ))}
      <p className="mb-0">
        Think you clicked something you should not have? Call us at <a href={telHref(appConfig.supportPhone)}>{appConfig.supportPhone}</a>{' '}
        before you do anything else.
      </p>
    </div>
  );
}
