import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Carousel from 'react-bootstrap/Carousel';

export const SLIDE_INTERVAL_MS = 3000;

export const SLIDES = [
  {
    image: '/images/slide-home.svg',
    alt: 'A technician helping an older customer at her kitchen table computer',
    title: 'Patient help at your kitchen table',
    text: 'We come to your home on a Saturday or Sunday and explain every step in plain words.',
  },
  {
    image: '/images/slide-remote.svg',
    alt: 'A laptop sharing its screen with a technician on the phone',
    title: 'Remote support while you watch',
    text: 'Many problems are fixed over a secure remote connection: no travel, same friendly help.',
  },
  {
    image: '/images/slide-business.svg',
    alt: 'A small office with a Wi-Fi router, a printer and a laptop',
    title: 'Small business and home office',
    text: 'Wi-Fi, printers, e-mail and backups set up right, so your work keeps moving.',
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

/**
 * Three slides, 3 seconds each. It stops while the pointer is over it or focus is inside it, never moves
 * for people who prefer reduced motion, and has a visible pause button (WCAG 2.2.2).
 */
export function HeroCarousel() {
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const moving = !reducedMotion && !paused && !hovered && !focused;

  return (
    <section
      className="hero-carousel"
      aria-roledescription="carousel"
      aria-label="What we do"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <Carousel
        activeIndex={index}
        onSelect={setIndex}
        interval={moving ? SLIDE_INTERVAL_MS : null}
        pause={false}
        slide={!reducedMotion}
        touch
        indicatorLabels={SLIDES.map((slide) => `Show slide: ${slide.title}`)}
        prevLabel="Previous slide"
        nextLabel="Next slide"
      >
        {SLIDES.map((slide, slideIndex) => (
          <Carousel.Item key={slide.image} aria-roledescription="slide" aria-label={`${slideIndex + 1} of ${SLIDES.length}`}>
            <img
              className="d-block w-100 hero-carousel-image"
              src={slide.image}
              alt={slide.alt}
              width={1200}
              height={500}
              loading={slideIndex === 0 ? 'eager' : 'lazy'}
              fetchPriority={slideIndex === 0 ? 'high' : 'low'}
              decoding="async"
            />
          </Carousel.Item>
        ))}
      </Carousel>
      {/* The caption sits below the picture, not over it, so that large text never hides the image. */}
      <div className="hero-carousel-caption">
        <h2 className="h4">{SLIDES[index]?.title}</h2>
        <p className="mb-0">{SLIDES[index]?.text}</p>
      </div>
      {!reducedMotion && (
        <Button
          variant="light"
          size="sm"
          className="hero-carousel-pause"
          onClick={() => setPaused((value) => !value)}
          aria-pressed={paused}
        >
          {paused ? 'Play slides' : 'Pause slides'}
        </Button>
      )}
    </section>
  );
}
