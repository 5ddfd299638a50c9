// The staging dialog's result step: the placed room drawn live, each piece dragged along the floor (mouse,
// touch, pen), turned, removed or swapped for another product of its category, and the same by keyboard (pick
// a piece from the list; arrows move it, Q and E turn it, Entf removes it). The shopping list and total follow
// the pieces. Nothing here costs anything: the finish is the one paid call.

import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { STAGING_CREDITS } from '../../../core/catalog/limits';
import type { PlacedPiece } from '../../../core/staging/layout';
import { formatEuroCents } from '../../i18n/format';
import { t } from '../../i18n/de';
import { useActions, useDispatch } from '../../services/context';
import type { StagingView } from '../../workflow/actions/deps';
import { sizeInMetres } from '../../../core/staging/size';
import { stagingLines, type StagingSession } from '../../workflow/machine';

/** One arrow key's step along the floor, metres; with Shift five times as far. */
const STEP_M = 0.1;
/** One turn, degrees. */
const TURN_DEG = 15;

/** Floor directions relative to the camera: up the screen is away from it. */
function screenToFloor(yawDeg: number, right: number, away: number): { dx: number; dz: number } {
  const yaw = (yawDeg * Math.PI) / 180;
  return {
    dx: right * Math.cos(yaw) - away * Math.sin(yaw),
    dz: -right * Math.sin(yaw) - away * Math.cos(yaw),
  };
}

const ARROWS: Record<string, [right: number, away: number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
};

export function ArrangeStep({ session }: { session: StagingSession }) {
  const actions = useActions();
  const dispatch = useDispatch();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [view, setView] = useState<StagingView | null>(null);
  const [failed, setFailed] = useState(false);
  /** The photo's width over its height, once the view has sized its canvas. */
  const [aspect, setAspect] = useState<number | null>(null);
  const drag = useRef<{ key: string; dx: number; dz: number; pointer: number } | null>(null);
  const scene = actions.stagingScene();
  const finishing = session.step === 'finishing';

  useEffect(() => {
    const target = canvas.current;
    if (!scene || !target) return;
    let mounted: StagingView | null = null;
    let live = true;
    scene.mount(target).then(
      (v) => {
        if (!live) return v.dispose();
        mounted = v;
        setView(v);
        setAspect(target.width / target.height);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      mounted?.dispose();
      setView(null);
    };
  }, [scene]);

  useEffect(() => {
    view?.show(session.pieces, session.activePiece);
  }, [view, session.pieces, session.activePiece]);

  const byKey = new Map(session.pieces.map((piece) => [piece.key, piece]));
  const products = new Map([...session.alternatives, ...session.products].map((p) => [p.id, p]));
  const active = session.activePiece ? byKey.get(session.activePiece) : undefined;
  const nameOf = (piece: PlacedPiece) => products.get(piece.id)?.recommendation.germanName ?? piece.category;
  const problems = active && scene ? scene.problems(session.pieces, active.key) : [];
  const { lines, totalCents } = stagingLines(session);
  const credits = [
    ...new Set(
      session.pieces
        .map((piece) => products.get(piece.id)?.model?.attribution)
        .filter((text): text is string => !!text),
    ),
  ];
  const swaps = active
    ? [...products.values()].filter((p) => p.category === active.category && p.id !== active.id)
    : [];

  const move = (piece: PlacedPiece, x: number, z: number) =>
    dispatch({ type: 'stagingPieceMoved', key: piece.key, x, z });
  const turn = (piece: PlacedPiece, by: number) =>
    dispatch({ type: 'stagingPieceTurned', key: piece.key, rotationDeg: piece.rotationDeg + by });

  function onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
    if (!view || finishing) return;
    const box = event.currentTarget.getBoundingClientRect();
    const [x, y] = [event.clientX - box.left, event.clientY - box.top];
    const key = view.pieceAt(x, y);
    dispatch({ type: 'stagingPieceActivated', key });
    const piece = key ? byKey.get(key) : undefined;
    const floor = view.floorAt(x, y);
    if (!piece || !floor) return;
    drag.current = { key: piece.key, dx: piece.x - floor.x, dz: piece.z - floor.z, pointer: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
  }

  function onPointerMove(event: PointerEvent<HTMLCanvasElement>) {
    const held = drag.current;
    if (!view || !held || held.pointer !== event.pointerId) return;
    const box = event.currentTarget.getBoundingClientRect();
    const floor = view.floorAt(event.clientX - box.left, event.clientY - box.top);
    const piece = byKey.get(held.key);
    if (floor && piece) move(piece, floor.x + held.dx, floor.z + held.dz);
  }

  function onPointerUp(event: PointerEvent<HTMLCanvasElement>) {
    if (drag.current?.pointer === event.pointerId) drag.current = null;
  }

  function onKeyDown(event: KeyboardEvent<HTMLCanvasElement>) {
    if (!active || finishing) return;
    const arrow = ARROWS[event.key];
    if (arrow && scene) {
      const step = STEP_M * (event.shiftKey ? 5 : 1);
      const { dx, dz } = screenToFloor(scene.cameraYawDeg, arrow[0] * step, arrow[1] * step);
      move(active, active.x + dx, active.z + dz);
    } else if (event.key === 'q' || event.key === 'Q') turn(active, TURN_DEG);
    else if (event.key === 'e' || event.key === 'E') turn(active, -TURN_DEG);
    else if (event.key === 'Delete' || event.key === 'Backspace')
      dispatch({ type: 'stagingPieceRemoved', key: active.key });
    else return;
    event.preventDefault();
  }

  return (
    <div className="staging__arrange">
      <p className="field-hint">{t('staging.arrangeIntro')}</p>
      <div className="staging__stage">
        <canvas
          ref={canvas}
          className="staging__canvas"
          style={aspect ? { maxWidth: `calc(62vh * ${aspect.toFixed(4)})` } : undefined}
          tabIndex={0}
          role="application"
          aria-roledescription={t('staging.canvasRole')}
          aria-label={t('staging.canvasLabel', {
            name: active ? nameOf(active) : t('staging.nothingActive'),
          })}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
        />
        {!view && !failed && (
          <p className="staging__busy" role="status">
            <span className="spinner" aria-hidden="true" /> {t('staging.drawing')}
          </p>
        )}
        {failed && <p role="alert">{t('staging.drawFailed')}</p>}
      </div>

      <div className="staging__pieces">
        <h3>{t('staging.piecesTitle')}</h3>
        <ul aria-label={t('staging.piecesTitle')}>
          {session.pieces.map((piece) => (
            <li key={piece.key}>
              <button
                type="button"
                className="button button--ghost button--small"
                aria-pressed={piece.key === session.activePiece}
                disabled={finishing}
                onClick={() => {
                  dispatch({ type: 'stagingPieceActivated', key: piece.key });
                  canvas.current?.focus();
                }}
              >
                {nameOf(piece)}
              </button>
            </li>
          ))}
        </ul>
        {active && (
          <div className="staging__piece-tools" role="group" aria-label={nameOf(active)}>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={finishing}
              onClick={() => turn(active, TURN_DEG)}
            >
              {t('staging.turnLeft')}
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={finishing}
              onClick={() => turn(active, -TURN_DEG)}
            >
              {t('staging.turnRight')}
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={finishing}
              onClick={() => dispatch({ type: 'stagingPieceRemoved', key: active.key })}
            >
              {t('staging.remove')}
            </button>
            {swaps.length > 0 && (
              <label className="staging__swap">
                {t('staging.swap')}{' '}
                <select
                  value=""
                  disabled={finishing}
                  onChange={(e) => {
                    const product = products.get(e.target.value);
                    if (!product) return;
                    dispatch({
                      type: 'stagingPieceSwapped',
                      key: active.key,
                      productId: product.id,
                      sizeM: sizeInMetres(product),
                    });
                  }}
                >
                  <option value="">{t('staging.swapChoose')}</option>
                  {swaps.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.product.title} · {formatEuroCents(p.product.price)}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {problems.length > 0 && (
              <p className="field-hint" role="status">
                {problems.map((problem) => t(`staging.problem.${problem}`)).join(' · ')}
              </p>
            )}
          </div>
        )}
        {session.leftOut.length > 0 && (
          <p className="field-hint">
            {t('staging.leftOut', {
              list: session.leftOut
                .map(
                  (l) =>
                    `${products.get(l.id)?.recommendation.germanName ?? l.category} (${t(`staging.leftOutReason.${l.reason}`)})`,
                )
                .join(', '),
            })}
          </p>
        )}
      </div>

      <div className="staging__list">
        <h3>{t('final.shoppingList')}</h3>
        <ul>
          {lines.map((line) => (
            <li key={line.product.id}>
              <a
                href={line.product.product.link}
                target="_blank"
                rel={`noopener noreferrer${line.product.product.affiliate ? ' sponsored' : ''}`}
              >
                {line.quantity > 1 ? `${t('final.quantity', { n: line.quantity })} ` : ''}
                {line.product.product.title}
              </a>{' '}
              <span>{formatEuroCents(line.totalCents)}</span>
            </li>
          ))}
        </ul>
        <p>
          <strong>{t('staging.selectionTotal', { price: formatEuroCents(totalCents) })}</strong>
        </p>
        <p className="field-hint">{t('staging.examples')}</p>
        {credits.length > 0 && (
          <p className="field-hint">{t('staging.modelCredits', { list: credits.join('; ') })}</p>
        )}
      </div>

      {finishing && (
        <p className="staging__busy" role="status">
          <span className="spinner" aria-hidden="true" /> {t('staging.finishing')}
        </p>
      )}
      <div className="dialog__actions">
        <button
          type="button"
          className="button button--ghost"
          disabled={finishing}
          onClick={() => dispatch({ type: 'stagingStepBack' })}
        >
          {t('staging.back')}
        </button>
        <button
          type="button"
          className="button"
          disabled={finishing || session.pieces.length === 0 || !view}
          onClick={() => void actions.finishStaging()}
        >
          {t('staging.finish', { n: STAGING_CREDITS })}
        </button>
      </div>
    </div>
  );
}
