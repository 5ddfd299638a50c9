// What the on-device engine tells the user it did, as codes: the modes, the automatic enhancement and the
// perspective kernel return these, and the web words them (web/i18n/de.ts, engineSteps), so core holds no German.

/** One thing a mode did (or, for perspective, why it left the photo alone). */
export type EngineStep =
  | 'brightened'
  | 'exposureUp'
  | 'exposureDown'
  | 'colorCast'
  | 'contrast'
  | 'noise'
  | 'sharpened'
  | 'learned'
  | 'whites'
  | PerspectiveStep;

/** The perspective kernel's outcome: corrected, or unchanged and why. */
export type PerspectiveStep =
  | 'perspectiveCorrected'
  | 'perspectiveTooFewLines'
  | 'perspectiveAlreadyStraight'
  | 'perspectiveTooStrong'
  | 'perspectiveTooMuchCrop'
  | 'perspectiveNotBetter';
