// The head of a workflow screen: the button one step back and the screen's title (the heading the screen's section
// is labelled by), with room beside the title for what the screen adds there (the detected room).

import type { ReactNode } from 'react';
import { useDispatch } from '../services/context';
import { ArrowLeft } from './icons';

interface ScreenHeadProps {
  /** The heading's id, for the section's aria-labelledby. */
  titleId: string;
  title: string;
  backLabel: string;
  /** While the screen is busy with something going back would abandon. */
  backDisabled?: boolean;
  children?: ReactNode;
}

export function ScreenHead({ titleId, title, backLabel, backDisabled, children }: ScreenHeadProps) {
  const dispatch = useDispatch();
  return (
    <div className="modes__head">
      <button
        type="button"
        className="button button--ghost"
        onClick={() => dispatch({ type: 'back' })}
        disabled={backDisabled}
      >
        <ArrowLeft aria-hidden="true" focusable="false" size={18} /> {backLabel}
      </button>
      <h2 id={titleId}>{title}</h2>
      {children}
    </div>
  );
}
