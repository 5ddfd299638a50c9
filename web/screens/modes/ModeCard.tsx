// One mode as a selectable card: icon, German name and description, its price ('Kostenlos · offline' for
// device modes, 'Kostenlos' for what this server does without AI; priceLabel.ts) and the 'Empfohlen' badge. A
// checkbox to assistive technology. A mode this server cannot do says 'Braucht einen KI-Server' instead of a
// price and cannot be ticked (aria-disabled, so it stays focusable and its reason is read out). A removal mode
// that this server does without an AI service says which things it finds and which not.

import type { Mode } from '../../../core/catalog/types';
import { isModeUnavailable, modeCost, ROOM_TYPE_LABELS } from '../../../core/catalog/modes';
import { isDeclutterMode, type DeclutterModeId } from '../../../core/declutter/clutterLabels';
import { removalKinds } from '../../../core/declutter/removalScope';
import { useId } from 'react';
import { useSession } from '../../api/auth';
import { useOnline } from '../../services/online';
import { ModeIcon } from '../../components/icons';
import { useAiCapabilities } from '../../data/aiCapabilities';
import { t, type MessageKey } from '../../i18n/de';
import { modePriceLabel } from './priceLabel';

export function ModeCard({
  mode,
  selected,
  recommended,
  onToggle,
  opensDialog = false,
}: {
  mode: Mode;
  selected: boolean;
  recommended: boolean;
  onToggle: () => void;
  /** A card that opens a dialog (virtual staging) instead of being ticked. */
  opensDialog?: boolean;
}) {
  const capabilities = useAiCapabilities();
  const cost = modeCost(mode, capabilities);
  const signedIn = useSession().userId !== null;
  const online = useOnline();
  const unavailable = !opensDialog && isModeUnavailable(mode.id, capabilities);
  const removalScope =
    isDeclutterMode(mode.id) && capabilities.removalModeIds?.includes(mode.id)
      ? removalScopeText(mode.id)
      : null;
  // Ticked before this server said it cannot do it (a saved selection): it may still be unticked.
  const locked = unavailable && !selected;
  // A paid mode ticked by someone who cannot run it now is told why here, before anything else happens.
  // Offline, a server mode that can run waits in the outbox and goes out once the connection is back.
  const note: MessageKey | null = !selected
    ? null
    : unavailable
      ? 'modes.unavailableSelected'
      : cost > 0 && !signedIn
        ? online
          ? 'modes.needsAccount'
          : 'modes.needsConnection'
        : mode.runsOn === 'server' && !online
          ? 'modes.waitsForConnection'
          : null;
  const noteId = useId();
  const reasonId = useId();
  return (
    <li>
      <button
        type="button"
        {...(opensDialog
          ? { 'aria-haspopup': 'dialog' as const }
          : { role: 'checkbox', 'aria-checked': selected })}
        className={`mode-card${selected ? ' mode-card--selected' : ''}${unavailable ? ' mode-card--unavailable' : ''}`}
        onClick={locked ? undefined : onToggle}
        aria-disabled={locked || undefined}
        aria-describedby={note ? noteId : locked ? reasonId : undefined}
      >
        <span className="mode-card__icon" aria-hidden="true">
          <ModeIcon name={mode.icon} />
        </span>
        <span className="mode-card__text">
          <span className="mode-card__name">
            {mode.name}
            {/* A space, so the name reads 'Aufhellen Empfohlen', not 'AufhellenEmpfohlen'. */}
            {recommended && ' '}
            {recommended && <span className="pill pill--accent">{t('modes.recommended')}</span>}
          </span>
          <span className="mode-card__description">
            {mode.description}
            {/* In 'Alle gleich' a room's own mode changes only the photos of that room: say so. */}
            {mode.roomType && mode.roomType !== 'general' && (
              <> · {t('modes.onlyRoom', { room: ROOM_TYPE_LABELS[mode.roomType] })}</>
            )}
          </span>
          {removalScope && <span className="mode-card__scope">{removalScope}</span>}
        </span>
        <span className={`pill${unavailable ? ' pill--unavailable' : cost === 0 ? ' pill--free' : ''}`}>
          {modePriceLabel(mode, capabilities)}
        </span>
      </button>
      {/* Outside the button, so it describes the card without becoming part of its name. */}
      {locked && (
        <span id={reasonId} className="visually-hidden">
          {t('modes.needsAiServerReason')}
        </span>
      )}
      {note && (
        <p id={noteId} className="mode-card__note" role="status">
          {t(note)}
        </p>
      )}
    </li>
  );
}

const GERMAN_LIST = new Intl.ListFormat('de', { type: 'conjunction' });

/** 'Ohne KI-Dienst entfernt: Geschirr, Lebensmittel und Bücher. …' */
export function removalScopeText(modeId: DeclutterModeId): string {
  const kinds = removalKinds(modeId).map((kind) => t(`modes.removalKind.${kind}`));
  return t('modes.removalScope', { kinds: GERMAN_LIST.format(kinds) });
}
