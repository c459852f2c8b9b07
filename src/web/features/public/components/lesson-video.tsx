import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';

/**
 * A privacy-enhanced YouTube embed that loads nothing from YouTube until the visitor asks for the video:
 * our own poster first, then the youtube-nocookie player on click.
 */
export function LessonVideo({ youtubeId, title, poster }: { youtubeId: string; title: string; poster: string }) {
  const { t } = useLingui();
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <div className="ratio ratio-16x9 lesson-video">
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}?autoplay=1&rel=0`}
          title={t`Video: ${title}`}
          loading="lazy"
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      </div>
    );
  }
  return (
    <button type="button" className="ratio ratio-16x9 lesson-video lesson-video-poster" onClick={() => setPlaying(true)}>
      <span>
        <img src={poster} alt="" width={640} height={360} loading="lazy" decoding="async" className="w-100 h-100" />
        <span className="lesson-video-play" aria-hidden="true">
          ▶
        </span>
        <span className="visually-hidden">{t`Play the video: ${title}`}</span>
      </span>
    </button>
  );
}
