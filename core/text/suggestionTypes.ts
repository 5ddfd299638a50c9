// The suggestion entity of SPEC section 3, shared by the text format, the workflow and the server.

export interface Suggestion {
  id: string;
  title: string;
  description: string;
  /** A product link or comma-separated shop keywords. */
  hauptartikelContent: string;
  selected: boolean;
  /** 1-based image number from a 'Bild n:' prefix; absent when the suggestion applies to all images. */
  imageNumber?: number;
  /** Set by the client when it ties a suggestion to one of its images. */
  imageId?: string;
  /**
   * A tip the server cannot put into the photo (a furnishing idea on the offline provider): shown with its shop
   * link, never ticked, so it is never sent to be implemented nor listed as applied.
   */
  tipOnly?: boolean;
}
