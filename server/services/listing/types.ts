// The result shape every listing extractor returns: the photo URLs it found (and from which parts of the page),
// or the reason it found none. Extractors are pure: (html, pageUrl) in, this out; they never fetch.

/** Why a page yielded no photos; the importer turns these into German errors. */
export type ExtractProblem = 'captcha' | 'notFound' | 'noImages';

export interface ExtractedImages {
  /** Absolute https URLs of this listing's photos in the listing's order, duplicates removed, uncapped. */
  images: string[];
  /** The page parts that contributed photos, in the order they were tried (for operators and tests). */
  sources: string[];
}

export interface ExtractFailure {
  problem: ExtractProblem;
}

export type ExtractResult = ExtractedImages | ExtractFailure;
