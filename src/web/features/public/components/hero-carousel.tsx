import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

export const SLIDE_INTERVAL_MS = 3000;
/** Bootstrap's .carousel-item transition (0.6 s), with a margin for a transitionend that never comes. */
const SLIDE_TRANSITION_FALLBACK_MS = 800;
/** The horizontal finger travel that counts as a swipe (react-bootstrap's and Bootstrap's value). */
const SWIPE_THRESHOLD_PX = 40;

export const SLIDES = [
  {
    image: '/images/slide-home.svg',
    alt: msg`A technician helping an older customer at her kitchen table computer`,
    title: msg`Patient help at your kitchen table`,
    text: msg`We come to your home on a Saturday or Sunday and explain every step in plain words.`,
  },
  {
    image: '/images/slide-remote.svg',
    alt: msg`A laptop sharing its screen with a technician on the phone`,
    title: msg`Remote support while you watch`,
    text: msg`Many problems are fixed over a secure remote connection: no travel, same friendly help.`,
  },
  {
    image: '/images/slide-business.svg',
    alt: msg`A small office with a Wi-Fi router, a printer and a laptop`,
    title: msg`Small business and home office`,
    text: msg`Wi-Fi, printers, e-mail and backups set up right, so your work keeps moving.`,
  },
] as const;

function usePrefersReducedMotion(): boolean {
  const query = '(prefers-reduced-motion: reduce)';
  const [reduced, setReduced] = useState(() => typeof window !== 'undefined' && window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const update = () => setReduced(media.matches);
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return reduced;
}

type Direction = 'next' | 'prev';
/** A slide change in Bootstrap's two steps: the arriving slide is placed beside the current one, then both move. */
type Slide = { from: number; to: number; direction: Direction; moving: boolean };

/** Bootstrap's classes for one slide during a change (see bootstrap/scss/_carousel.scss). */
function slideClasses(slideIndex: number, active: number, change: Slide | null): string {
  const classes = ['carousel-item'];
  if (slideIndex === active) classes.push('active');
  if (change) {
    const toward = change.direction === 'next' ? 'carousel-item-start' : 'carousel-item-end';
    if (slideIndex === change.to) classes.push(`carousel-item-${change.direction}`);
    if (change.moving && (slideIndex === change.to || slideIndex === change.from)) classes.push(toward);
  }
  return classes.join(' ');
}

/**
 * Three slides, 3 seconds each, in Bootstrap's carousel markup (its CSS, our few lines of state: this is on the
 * landing page's first load, where react-bootstrap's Carousel and its transition library would cost more than the
 * page itself). It stops while the pointer is over it or focus is inside it, never moves for people who prefer
 * reduced motion, and has a visible pause button (WCAG 2.2.2). Arrow keys and swipes change slides too.
 */
export function HeroCarousel() {
  const { i18n, t } = useLingui();
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [change, setChange] = useState<Slide | null>(null);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const arriving = useRef<HTMLDivElement | null>(null);
  const touchStartX = useRef<number | null>(null);
  const moving = !reducedMotion && !paused && !hovered && !focused;
  const active = change ? change.from : index;

  const show = useCallback(
    (to: number, direction: Direction) => {
      if (change || to === index) return;
      setIndex(to);
      if (!reducedMotion) setChange({ from: index, to, direction, moving: false });
    },
    [change, index, reducedMotion],
  );
  const next = useCallback(() => show((index + 1) % SLIDES.length, 'next'), [show, index]);
  const previous = useCallback(() => show((index - 1 + SLIDES.length) % SLIDES.length, 'prev'), [show, index]);
  const finish = useCallback(() => setChange(null), []);

  // The arriving slide has been placed: let the browser lay it out there, then start both slides moving.
  useLayoutEffect(() => {
    if (!change || change.moving) return;
    void arriving.current?.offsetHeight;
    setChange({ ...change, moving: true });
  }, [change]);

  useEffect(() => {
    if (!change?.moving) return;
    const timer = window.setTimeout(finish, SLIDE_TRANSITION_FALLBACK_MS);
    return () => window.clearTimeout(timer);
  }, [change, finish]);

  useEffect(() => {
    if (!moving || change) return;
    const timer = window.setTimeout(next, SLIDE_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [moving, change, next]);

  const caption = SLIDES[index];
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') previous();
    else if (event.key === 'ArrowRight') next();
  };

  return (
    <section
      className="hero-carousel"
      aria-roledescription={t`carousel`}
      aria-label={t`What we do`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys from the focused controls inside, as in Bootstrap */}
      <div
        className={`carousel${reducedMotion ? '' : ' slide'}`}
        onKeyDown={onKeyDown}
        onTouchStart={(event) => {
          touchStartX.current = event.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(event) => {
          const start = touchStartX.current;
          const end = event.changedTouches[0]?.clientX;
          touchStartX.current = null;
          if (start === null || end === undefined || Math.abs(end - start) < SWIPE_THRESHOLD_PX) return;
          if (end < start) next();
          else previous();
        }}
      >
        <div className="carousel-indicators">
          {SLIDES.map((slide, slideIndex) => {
            const title = i18n._(slide.title);
            return (
              <button
                key={slide.image}
                type="button"
                // Bootstrap's CSS draws the indicators by this attribute.
                data-bs-target=""
                className={slideIndex === index ? 'active' : undefined}
                aria-current={slideIndex === index || undefined}
                aria-label={t`Show slide: ${title}`}
                onClick={() => show(slideIndex, slideIndex > index ? 'next' : 'prev')}
              />
            );
          })}
        </div>
        <div className="carousel-inner" aria-live={moving ? 'off' : 'polite'}>
          {SLIDES.map((slide, slideIndex) => {
            const position = slideIndex + 1;
            const count = SLIDES.length;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a slide is a group in the WAI-ARIA carousel pattern, not a form fieldset
              <div
                key={slide.image}
                ref={slideIndex === change?.to ? arriving : undefined}
                className={slideClasses(slideIndex, active, change)}
                role="group"
                aria-roledescription={t`slide`}
                aria-label={t`${position} of ${count}`}
                onTransitionEnd={(event) => {
                  if (slideIndex === change?.to && event.target === event.currentTarget) finish();
                }}
              >
                <img
                  className="d-block w-100 hero-carousel-image"
                  src={slide.image}
                  alt={i18n._(slide.alt)}
                  width={1200}
                  height={500}
                  loading={slideIndex === 0 ? 'eager' : 'lazy'}
                  fetchPriority={slideIndex === 0 ? 'high' : 'low'}
                  decoding="async"
                />
              </div>
            );
          })}
        </div>
        <button type="button" className="carousel-control-prev" onClick={previous}>
          <span className="carousel-control-prev-icon" aria-hidden="true" />
          <span className="visually-hidden">{t`Previous slide`}</span>
        </button>
        <button type="button" className="carousel-control-next" onClick={next}>
          <span className="carousel-control-next-icon" aria-hidden="true" />
          <span className="visually-hidden">{t`Next slide`}</span>
        </button>
      </div>
      {/* The caption sits below the picture, not over it, so that large text never hides the image. */}
      <div className="hero-carousel-caption">
        <h2 className="h4">{caption && i18n._(caption.title)}</h2>
        <p className="mb-0">{caption && i18n._(caption.text)}</p>
      </div>
      {!reducedMotion && (
        <button
          type="button"
          className="btn btn-light btn-sm hero-carousel-pause"
          onClick={() => setPaused((value) => !value)}
          aria-pressed={paused}
        >
          {paused ? t`Play slides` : t`Pause slides`}
        </button>
      )}
    </section>
  );
}
