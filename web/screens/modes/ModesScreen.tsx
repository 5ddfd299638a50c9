// 'Wähle deine Optimierungen': the same modes for all photos or a choice per photo, the detected room, the
// mode cards, and the sticky bar with the count, the price and 'Optimierungen anwenden'. 'Empfohlen' marks
// only what this server can do and what fits the photos' rooms (core/catalog offeredRecommendations).

import { useNavigate } from 'react-router';
import { isDeviceMode, modeCostById, ROOM_TYPE_LABELS } from '../../../core/catalog/modes';
import { modeFitsRoom, offeredRecommendations } from '../../../core/catalog/recommendations';
import { useActions, useAppState, useDispatch, usePreview } from '../../services/context';
import { useSession } from '../../api/auth';
import { useOnline } from '../../services/online';
import { useAiCapabilities } from '../../data/aiCapabilities';
import { t, tn } from '../../i18n/de';
import {
  analysedRooms,
  applyValidation,
  creditsNeeded,
  plannedJobs,
  roomTypeFor,
  selectedModeCount,
  selectedModesFor,
  type ImageItem,
} from '../../workflow/machine';
import { AutoStrengthControl } from './AutoStrengthControl';
import { ModeList, orderedModes } from './ModeList';
import { selectionPriceLabel } from './priceLabel';
import { ScreenHead } from '../../components/ScreenHead';

function ImageModes({ image, n }: { image: ImageItem; n: number }) {
  const dispatch = useDispatch();
  const url = usePreview(image.id);
  const room = useAppState((s) => roomTypeFor(s, image.id));
  const selected = useAppState((s) => selectedModesFor(s, image.id));
  const allRecommended = useAppState((s) => s.analysis?.recommendedModes ?? []);
  const capabilities = useAiCapabilities();
  // The analysis recommends for all photos together; a kitchen's modes are no recommendation for the
  // bathroom. A mode of another room stays listed while it is selected (e.g. copied from 'Alle gleich').
  const recommended = offeredRecommendations(allRecommended, room ? [room] : [], capabilities);
  const fits = (id: string) => room !== undefined && modeFitsRoom(id, room);
  const listed = [...recommended, ...selected.filter((id) => !fits(id))];
  const label = t('modes.imageLabel', { n, name: image.name });
  return (
    <section className="card image-modes" aria-label={label}>
      <div className="image-modes__head">
        {url && <img src={url} alt="" />}
        <div>
          <h3>{label}</h3>
          {room && <span className="pill">{ROOM_TYPE_LABELS[room]}</span>}
        </div>
      </div>
      <ModeList
        label={label}
        modes={orderedModes(room, listed, capabilities)}
        selected={selected}
        recommended={recommended}
        onToggle={(modeId) => dispatch({ type: 'modeToggled', modeId, imageId: image.id })}
      />
    </section>
  );
}

export function ModesScreen() {
  const { apply } = useActions();
  const signedIn = useSession().userId !== null;
  const online = useOnline();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const images = useAppState((s) => s.images);
  const analysis = useAppState((s) => s.analysis);
  const selection = useAppState((s) => s.modeSelection);
  const count = useAppState(selectedModeCount);
  const capabilities = useAiCapabilities();
  const costOf = (modeId: string) => modeCostById(modeId, capabilities);
  const price = useAppState((s) => creditsNeeded(s, costOf));
  const serverModeSelected = useAppState((s) =>
    plannedJobs(s).some((job) => job.modes.some((id) => !isDeviceMode(id))),
  );
  const problem = useAppState(applyValidation);
  const credits = useAppState((s) => s.credits);
  const autoOptimizeSelected = useAppState((s) =>
    s.images.some((image) => selectedModesFor(s, image.id).includes('autoOptimize')),
  );
  const recommended = offeredRecommendations(
    analysis?.recommendedModes ?? [],
    analysedRooms(analysis),
    capabilities,
  );
  const room = analysis?.roomType;
  const short = signedIn && price > credits;
  // Paid recommendations are listed but not ticked for who cannot run them now; the note says why.
  const paidUnticked = (!signedIn || !online) && recommended.some((id) => costOf(id) > 0);

  return (
    <section className="modes" aria-labelledby="modes-title">
      <ScreenHead titleId="modes-title" title={t('modes.title')} backLabel={t('modes.back')}>
        {room && (
          <span className="pill pill--brand">
            {t('modes.detectedRoom', {
              room: room === 'mixed' ? t('modes.mixedRooms') : ROOM_TYPE_LABELS[room],
            })}
          </span>
        )}
      </ScreenHead>

      <div className="segmented" role="radiogroup" aria-label={t('modes.selectionKind')}>
        {(['uniform', 'individual'] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            role="radio"
            aria-checked={selection.kind === kind}
            onClick={() => dispatch({ type: 'selectionKindChanged', kind })}
          >
            {kind === 'uniform' ? t('modes.allSame') : t('modes.individual')}
          </button>
        ))}
      </div>

      {paidUnticked && (
        <p className="field-hint modes__note">
          {online ? t('modes.paidNotPreselected') : t('modes.paidNotPreselectedOffline')}
        </p>
      )}

      {selection.kind === 'uniform' ? (
        <ModeList
          label={t('modes.title')}
          modes={orderedModes(room, recommended, capabilities)}
          selected={selection.uniform}
          recommended={recommended}
          onToggle={(modeId) => dispatch({ type: 'modeToggled', modeId })}
        />
      ) : (
        <div className="image-modes-list">
          {images.map((image, i) => (
            <ImageModes key={image.id} image={image} n={i + 1} />
          ))}
        </div>
      )}

      {autoOptimizeSelected && <AutoStrengthControl />}

      <div className="sticky-bar" role="region" aria-label={t('modes.apply')}>
        <div>
          {count === 0 ? (
            <strong className="sticky-bar__empty">{t('modes.empty')}</strong>
          ) : (
            <strong>{tn('modes.selectedCountOne', 'modes.selectedCount', count)}</strong>
          )}
          <div className="field-hint">
            {problem ? t(problem) : selectionPriceLabel(price, serverModeSelected)}
          </div>
          {price > 0 && !online && (
            <div className="field-hint">
              {t(signedIn ? 'modes.waitsForConnection' : 'modes.needsConnection')}
            </div>
          )}
          {price > 0 && online && !signedIn && <div className="field-hint">{t('modes.loginNeeded')}</div>}
        </div>
        <div className="sticky-bar__actions">
          {short && (
            <>
              <span className="pill pill--warn">
                {tn('modes.creditsNeededOne', 'modes.creditsNeeded', price)}
              </span>
              <button type="button" className="button button--ghost" onClick={() => navigate('/preise')}>
                {t('modes.addCredits')}
              </button>
            </>
          )}
          <button
            type="button"
            className="button button--large"
            disabled={problem !== null}
            onClick={() => void apply()}
          >
            {t('modes.apply')}
          </button>
        </div>
      </div>
    </section>
  );
}
