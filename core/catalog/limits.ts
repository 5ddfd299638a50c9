// Every business number of SPEC sections 2 and 9 as a named constant, so the web app, the server and the tests
// share one value. Numbers the spec leaves open (upload count, recommendation count) are product decisions,
// marked as such.

/** Maximum bytes of one uploaded or imported image (10 MB). */
export const MAX_FILE_BYTES = 10_485_760;

/** The image types users may upload; anything else is 'Nicht unterstütztes Format'. */
export const ACCEPTED_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** For the file input's `accept` attribute. */
export const ACCEPTED_FILE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp'] as const;

/** Decoded width x height above which an image is refused (decompression bombs). */
export const MAX_PIXELS = 50_000_000;

/**
 * The longest side of a photo sent to the server. The builtin provider works at up to 4096 px and OpenAI's
 * edits at 1536 px, so more only costs upload time; the device shrinks every photo to this first.
 */
export const SERVER_IMAGE_MAX_SIDE = 4096;

/** Bytes of one photo sent to the server: well under MAX_FILE_BYTES, so no photo meets the server's refusal. */
export const SERVER_IMAGE_MAX_BYTES = 8_000_000;

/**
 * Bytes of all photos of one JSON request together (suggestions are implemented for the whole set in one call):
 * the server's JSON body limit is 25 MB and base64 adds a third, so 16 MB of photos leave room for the rest.
 */
export const SERVER_REQUEST_IMAGE_BYTES = 16_000_000;

/** A downloaded result stays under this many bytes at full resolution, so portals (10 MB) accept it. */
export const DOWNLOAD_MAX_BYTES = 8_000_000;

/** Product decision: the spec says 'further upload count checks exist' without a number. */
export const MAX_UPLOAD_FILES = 30;

/** Credits a new account starts with (the server may override it from its environment). */
export const STARTING_CREDITS = 10;

/**
 * Virtual staging (the one staging flow, opened by both staging cards) costs this much, and its room analysis
 * needs at least this much. The one home of the staging price: the cards (modes.ts), the dialog and the server's
 * charge all read it.
 */
export const STAGING_CREDITS = 5;
/** Virtual staging works on exactly one image. */
export const STAGING_IMAGE_COUNT = 1;

/** Staging budget slider, in whole euros. */
export const STAGING_BUDGET_MIN_EUR = 0;
export const STAGING_BUDGET_MAX_EUR = 5000;
export const STAGING_BUDGET_STEP_EUR = 50;
export const STAGING_BUDGET_DEFAULT_EUR: Readonly<{ min: number; max: number }> = Object.freeze({
  min: 0,
  max: 2000,
});

export const STAGING_STYLES = ['auto', 'modern', 'classic', 'minimal', 'cozy'] as const;
export type StagingStyle = (typeof STAGING_STYLES)[number];

/** Product decision: at most this many modes are recommended (and so preselected), to keep the first price small. */
export const MAX_RECOMMENDED_MODES = 4;

// Timing
export const TIP_ROTATION_MS = 4000;
export const COUNTDOWN_TICK_MS = 1000;
export const TESTIMONIAL_ROTATION_MS = 15_000;
export const RIPPLE_AFTER_UPLOAD_MS = 800;
export const RIPPLE_AFTER_DRAG_LEAVE_MS = 300;
/** Credits are refreshed from the server this long after enhancement starts (and again at completion). */
export const CREDITS_REFRESH_DELAY_MS = 1000;

// Before/after slider, in percent of the image width
export const SLIDER_START_PERCENT = 50;
export const SLIDER_MIN_PERCENT = 10;
export const SLIDER_MAX_PERCENT = 90;

// Screens
export const ANALYSIS_THUMBNAILS_MAX = 6;
/** Collapsed lists (mode cards and others) show this many items before 'weitere ... anzeigen'. */
export const COLLAPSED_LIST_COUNT = 3;
export const WORKFLOW_STEPS = 5;
/** The progress bar never shows less than this, so it is visibly there. */
export const PROGRESS_MIN_PERCENT = 5;

// Listing import
export const AIRBNB_IMPORT_MAX = 10;
export const BOOKING_IMPORT_MAX = 20;
/** A vacation-rental room id has at least this many digits. */
export const AIRBNB_MIN_ID_DIGITS = 8;
/** ...and at most this many: the bound only rejects nonsense (today's ids have 8 to 19 digits). */
export const AIRBNB_MAX_ID_DIGITS = 25;
/** Booking.com photo sizes, best first: the importer keeps the largest it finds for each photo. */
export const BOOKING_SIZE_PREFERENCE = ['max1920x1080', 'max1280x900', 'max1024x768'] as const;
