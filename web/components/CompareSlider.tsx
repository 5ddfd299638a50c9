// A before/after image comparison: the "after" picture is revealed up to a draggable divider.
// Works with mouse, touch and keyboard (arrows, Home, End); the divider is an ARIA slider.

import { useCallback, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { t } from '../i18n/de';

export interface CompareSliderProps {
  before: string;
  after: string;
  alt: string;
  /** Where the divider starts, in percent. */
  initial?: number;
  min?: number;
  max?: number;
  label?: string;
}

const clampPercent = (value: number, min: number, max: number): number =>
  Math.min(max, Math.max(min, Math.round(value)));

export function CompareSlider({
  before,
  after,
  alt,
  initial = 50,
  min = 0,
  max = 100,
  label,
}: CompareSliderProps) {
  const [position, setPosition] = useState(() => clampPercent(initial, min, max));
  const frame = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const moveTo = useCallback(
    (clientX: number) => {
      const box = frame.current?.getBoundingClientRect();
      if (!box || box.width === 0) return;
      setPosition(clampPercent(((clientX - box.left) / box.width) * 100, min, max));
    },
    [min, max],
  );

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    dragging.current = true;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    moveTo(e.clientX);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) moveTo(e.clientX);
  };
  const onPointerUp = () => {
    dragging.current = false;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 10 : 2;
    const next: Record<string, number> = {
      ArrowLeft: position - step,
      ArrowDown: position - step,
      ArrowRight: position + step,
      ArrowUp: position + step,
      Home: min,
      End: max,
    };
    if (e.key in next) {
      e.preventDefault();
      setPosition(clampPercent(next[e.key]!, min, max));
    }
  };

  return (
    <div
      className="compare"
      ref={frame}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      <img className="compare__image" src={before} alt={`${t('landing.before')}: ${alt}`} draggable={false} />
      <img
        className="compare__image compare__after"
        src={after}
        alt={`${t('landing.after')}: ${alt}`}
        draggable={false}
        style={{ clipPath: `inset(0 0 0 ${position}%)` }}
      />
      <span className="compare__tag compare__tag--before" aria-hidden="true">
        {t('landing.before')}
      </span>
      <span className="compare__tag compare__tag--after" aria-hidden="true">
        {t('landing.after')}
      </span>
      <div
        className="compare__handle"
        style={{ left: `${position}%` }}
        role="slider"
        tabIndex={0}
        aria-label={label ?? t('landing.compareLabel')}
        aria-valuemin={min}
        aria-valuemax={max}
        aria-valuenow={position}
        aria-valuetext={`${position} %`}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}
