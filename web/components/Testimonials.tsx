// The landing page's testimonial carousel: quote, name, place and a before/after slider, changing every
// 15 seconds. It pauses while the pointer or keyboard focus is inside, so nobody loses the text they read.

import { useEffect, useState } from 'react';
import { TESTIMONIAL_ROTATION_MS } from '../../core/catalog/limits';
import { de, t } from '../i18n/de';
import { CompareSlider } from './CompareSlider';

const IMAGES = ['living', 'bedroom', 'kitchen'] as const;

const TESTIMONIALS = de.testimonials.map((entry, i) => ({
  ...entry,
  images: {
    before: `/testimonials/${IMAGES[i % IMAGES.length]}-before.webp`,
    after: `/testimonials/${IMAGES[i % IMAGES.length]}-after.webp`,
    alt: entry.alt,
  },
}));

export function Testimonials() {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = TESTIMONIALS.length;

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), TESTIMONIAL_ROTATION_MS);
    return () => clearInterval(timer);
  }, [paused, count]);

  const current = TESTIMONIALS[index]!;
  return (
    <section
      className="card testimonials"
      aria-roledescription="Karussell"
      aria-labelledby="testimonials-title"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <h2 id="testimonials-title">{t('landing.testimonialsTitle')}</h2>
      <figure
        className="testimonial"
        aria-roledescription="Folie"
        aria-label={t('landing.testimonialOf', { n: index + 1, total: count })}
      >
        <CompareSlider
          key={index}
          before={current.images.before}
          after={current.images.after}
          alt={current.images.alt}
        />
        <blockquote className="testimonial__quote" aria-live={paused ? 'polite' : 'off'}>
          „{current.quote}“
        </blockquote>
        <figcaption className="testimonial__who">
          <strong>{current.name}</strong>
          <span>{current.location}</span>
        </figcaption>
      </figure>
      <div className="testimonials__nav">
        <button
          type="button"
          className="icon-button"
          aria-label={t('landing.previousTestimonial')}
          onClick={() => setIndex((i) => (i - 1 + count) % count)}
        >
          ‹
        </button>
        <span className="testimonials__dots" aria-hidden="true">
          {TESTIMONIALS.map((_, i) => (
            <span key={i} className={i === index ? 'dot dot--active' : 'dot'} />
          ))}
        </span>
        <button
          type="button"
          className="icon-button"
          aria-label={t('landing.nextTestimonial')}
          onClick={() => setIndex((i) => (i + 1) % count)}
        >
          ›
        </button>
      </div>
    </section>
  );
}
