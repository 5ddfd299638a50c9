// The retouch brush: a canvas over the enhanced photo where the host paints over what should go (mouse, finger
// or pen through pointer events), with a brush size, undo, 'Anwenden' and 'Abbrechen'. The strokes are kept in
// fractions of the photo, so the canvas's own resolution never matters; the fill runs in a worker (actions).

import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import type { Stroke } from '../../../core/declutter/buildMask';
import { useActions, useResult } from '../../services/context';
import { t } from '../../i18n/de';
import type { ImageItem } from '../../workflow/machine';

/** Brush radius steps of the slider, in thousandths of the photo's longer side. */
const BRUSH_MIN = 5;
const BRUSH_MAX = 80;
const BRUSH_START = 20;
/** The canvas is drawn at most this wide or high (the marks, not the photo: the photo is an <img> below it). */
const CANVAS_MAX_SIDE = 1600;

// Layout here rather than in the shared stylesheet: the canvas must lie exactly on the photo, and the page must
// not scroll or zoom while a finger paints (touch-action). React sets these through the CSSOM, which the CSP allows.
const STAGE_STYLE = {
  position: 'relative',
  display: 'inline-block',
  maxWidth: '100%',
  lineHeight: 0,
} as const;
// At most the frame's size (.retouch__frame is a size container): the photo gets what the title, the hint and
// the controls leave, so the buttons stay on screen at any window size.
const IMAGE_STYLE = { display: 'block', maxWidth: '100cqw', maxHeight: '100cqh', height: 'auto' } as const;
const CANVAS_STYLE = {
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  touchAction: 'none',
  cursor: 'crosshair',
} as const;
const CONTROLS_STYLE = { display: 'flex', flexWrap: 'wrap', gap: '0.75rem', alignItems: 'center' } as const;

function drawStrokes(canvas: HTMLCanvasElement, strokes: readonly Stroke[]): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const { width, height } = canvas;
  ctx.clearRect(0, 0, width, height);
  ctx.strokeStyle = 'rgba(230, 40, 90, 0.55)';
  ctx.fillStyle = 'rgba(230, 40, 90, 0.55)';
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const stroke of strokes) {
    const radius = stroke.radius * Math.max(width, height);
    const [first, ...rest] = stroke.points;
    if (!first) continue;
    if (rest.length === 0) {
      ctx.beginPath();
      ctx.arc(first.x * width, first.y * height, radius, 0, Math.PI * 2);
      ctx.fill();
      continue;
    }
    ctx.lineWidth = radius * 2;
    ctx.beginPath();
    ctx.moveTo(first.x * width, first.y * height);
    for (const p of rest) ctx.lineTo(p.x * width, p.y * height);
    ctx.stroke();
  }
}

export function RetouchDialog({ image, onClose }: { image: ImageItem; onClose: () => void }) {
  const actions = useActions();
  const url = useResult(image.enhancedKey);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [brush, setBrush] = useState(BRUSH_START);
  const [working, setWorking] = useState(false);
  const drawing = useRef<Stroke | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);
  useEffect(() => {
    if (canvasRef.current) drawStrokes(canvasRef.current, strokes);
  }, [strokes]);

  const sizeCanvas = (img: HTMLImageElement) => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const scale = Math.min(1, CANVAS_MAX_SIDE / Math.max(img.naturalWidth, img.naturalHeight));
    canvas.width = Math.max(1, Math.round(img.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(img.naturalHeight * scale));
    drawStrokes(canvas, strokes);
  };

  const pointAt = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width)),
      y: Math.min(1, Math.max(0, (event.clientY - rect.top) / rect.height)),
    };
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (working || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const stroke: Stroke = { points: [pointAt(event)], radius: brush / 1000 };
    drawing.current = stroke;
    setStrokes((all) => [...all, stroke]);
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const stroke = drawing.current;
    if (!stroke) return;
    const next: Stroke = { ...stroke, points: [...stroke.points, pointAt(event)] };
    drawing.current = next;
    setStrokes((all) => [...all.slice(0, -1), next]);
  };
  const onPointerUp = () => {
    drawing.current = null;
  };

  const apply = async () => {
    const controller = new AbortController();
    running.current = controller;
    setWorking(true);
    const done = await actions.retouch(controller.signal, image.id, strokes);
    setWorking(false);
    if (done) onClose();
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !working && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog--full retouch" aria-describedby="retouch-hint">
          <Dialog.Title>{t('retouch.title', { name: image.name })}</Dialog.Title>
          <p id="retouch-hint" className="field-hint">
            {t('retouch.hint')}
          </p>
          <div className="retouch__frame">
            <div className="retouch__stage" style={STAGE_STYLE} aria-busy={working}>
              {url && (
                <img
                  src={url}
                  alt={image.name}
                  style={IMAGE_STYLE}
                  onLoad={(e) => sizeCanvas(e.currentTarget)}
                />
              )}
              <canvas
                ref={canvasRef}
                className="retouch__canvas"
                style={CANVAS_STYLE}
                role="img"
                aria-label={t('retouch.canvas')}
                data-testid="retouch-canvas"
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerCancel={onPointerUp}
              />
            </div>
          </div>
          <div className="retouch__controls" style={CONTROLS_STYLE}>
            <label className="retouch__size">
              {t('retouch.brushSize')}
              <input
                type="range"
                min={BRUSH_MIN}
                max={BRUSH_MAX}
                value={brush}
                onChange={(e) => setBrush(Number(e.currentTarget.value))}
                disabled={working}
              />
            </label>
            <p role="status" className="field-hint">
              {working
                ? t('retouch.working')
                : strokes.length === 0
                  ? t('retouch.empty')
                  : t('retouch.strokes', { n: strokes.length })}
            </p>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setStrokes((all) => all.slice(0, -1))}
              disabled={working || strokes.length === 0}
            >
              {t('retouch.undo')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                running.current?.abort();
                setWorking(false);
                onClose();
              }}
            >
              {t('retouch.cancel')}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => void apply()}
              disabled={working || strokes.length === 0}
            >
              {t('retouch.apply')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
