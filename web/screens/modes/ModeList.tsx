// The list of mode cards for one selection: recommended modes first, then the room's modes, then the rest, and
// last what this server cannot do. Collapsed it shows three plus any selected ('weitere Optimierungen anzeigen'
// opens the rest).

import { useId, useState } from 'react';
import { COLLAPSED_LIST_COUNT } from '../../../core/catalog/limits';
import {
  globalModes,
  isModeUnavailable,
  modeById,
  opensStagingFlow,
  roomModes,
} from '../../../core/catalog/modes';
import type { AiCapabilities, Mode, RoomType } from '../../../core/catalog/types';
import { useActions } from '../../services/context';
import { t } from '../../i18n/de';
import { ModeCard } from './ModeCard';

/**
 * The modes offered for a room, in display order, without repeats. What the server cannot do comes last, so the
 * collapsed list shows what can be ticked.
 */
export function orderedModes(
  roomType: RoomType | 'mixed' | undefined,
  recommended: readonly string[],
  capabilities: AiCapabilities,
): Mode[] {
  const room: RoomType = !roomType || roomType === 'mixed' ? 'general' : roomType;
  const seen = new Set<string>();
  const ordered: Mode[] = [];
  const add = (mode: Mode | undefined) => {
    if (mode && !seen.has(mode.id)) {
      seen.add(mode.id);
      ordered.push(mode);
    }
  };
  recommended.forEach((id) => add(modeById(id)));
  roomModes(room).forEach(add);
  globalModes().forEach(add);
  const possible = ordered.filter((mode) => !isModeUnavailable(mode.id, capabilities));
  return [...possible, ...ordered.filter((mode) => !possible.includes(mode))];
}

export function ModeList({
  modes,
  selected,
  recommended,
  onToggle,
  label,
}: {
  modes: readonly Mode[];
  selected: readonly string[];
  recommended: readonly string[];
  onToggle: (modeId: string) => void;
  label: string;
}) {
  const { openStaging } = useActions();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  // Collapsed, the list shows the first three, and never hides a mode that is selected.
  const shown = expanded
    ? modes
    : modes.filter((mode, i) => i < COLLAPSED_LIST_COUNT || selected.includes(mode.id));
  return (
    <div>
      <ul className="mode-list" id={listId} aria-label={label}>
        {shown.map((mode) => (
          <ModeCard
            key={mode.id}
            mode={mode}
            selected={selected.includes(mode.id)}
            recommended={recommended.includes(mode.id)}
            // The staging modes are not toggled: they open the staging dialog for the one photo.
            opensDialog={opensStagingFlow(mode)}
            onToggle={() => (opensStagingFlow(mode) ? openStaging() : onToggle(mode.id))}
          />
        ))}
      </ul>
      {(expanded || shown.length < modes.length) && (
        <button
          type="button"
          className="link-button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? t('modes.showLess') : t('modes.showMore')}
        </button>
      )}
    </div>
  );
}
