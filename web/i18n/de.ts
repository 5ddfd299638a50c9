// Every user-visible German string of the app, as one nested object with typed keys. Screens call
// t('upload.dropHint', { n }) and never write German inline; a missing key fails the type check.

export const de = {
  app: {
    name: 'raumglanz',
    skipToContent: 'Zum Inhalt springen',
    updateAvailable: 'Update verfügbar',
    updateDescription: 'Eine neue Version von raumglanz ist bereit.',
    updateNow: 'Jetzt aktualisieren',
    offlineReady: 'raumglanz funktioniert jetzt auch offline.',
    storageFull: {
      title: 'Speicher voll',
      description:
        'Dein Browser hat keinen Platz mehr für weitere Bilder. Lösche ein paar Bilder oder gib Speicherplatz frei.',
    },
    storageError: {
      title: 'Speichern fehlgeschlagen',
      description: 'Deine Bilder konnten nicht auf diesem Gerät gespeichert werden: {message}',
    },
    crashed: 'Da ist etwas schiefgelaufen.',
    crashedHint: 'Deine Bilder sind auf diesem Gerät gespeichert. Lade die Seite neu, um weiterzumachen.',
    reload: 'Seite neu laden',
    notFound: 'Diese Seite gibt es nicht.',
    toHome: 'Zur Startseite',
  },
  steps: {
    label: 'Fortschritt',
    current: 'Schritt {n} von {total}: {name}',
    upload: 'Hochladen',
    enhancing: 'Bearbeitung',
    modes: 'Optimierungen',
    suggestions: 'Vorschläge',
    final: 'Fertig',
  },
  upload: {
    headline: 'Raumfotos, die Gäste überzeugen',
    subline:
      'Lade die Fotos deiner Ferienwohnung oder Immobilie hoch – wir machen sie heller, freundlicher und bereit für dein Inserat.',
    dropTitle: 'Bilder hierher ziehen',
    dropHint: 'PNG, JPG oder WEBP, bis 10 MB pro Bild',
    choose: 'Bilder auswählen',
    dropAreaLabel: 'Bilder hochladen: hierher ziehen oder auswählen',
    gridTitle: 'Deine Bilder ({n})',
    clearAll: 'Alle löschen',
    addMore: 'Mehr hinzufügen',
    remove: '{name} entfernen',
    preview: 'Vorschau von {name}',
    optimizeOne: '1 Bild optimieren',
    optimizeMany: '{n} Bilder optimieren',
    reading: 'Bilder werden gelesen…',
    uploadedTitle: 'Bilder hochgeladen',
    uploadedOne: '1 Bild erfolgreich hinzugefügt',
    uploadedMany: '{n} Bilder erfolgreich hinzugefügt',
    rejectedTitle: 'Nicht alle Bilder wurden übernommen',
    unsupportedFormat: 'Nicht unterstütztes Format',
    tooLarge: 'Datei zu groß (max 10MB)',
    duplicate: 'Bereits hochgeladen',
    tooMany: 'Maximal {n} Bilder gleichzeitig',
    or: 'oder',
    savedLocally: 'Deine Bilder bleiben auf diesem Gerät, bis du sie optimierst.',
  },
  importForm: {
    title: 'Bilder aus deinem Inserat übernehmen',
    hint: 'Füge den Link zu deiner Unterkunft auf Airbnb oder Booking.com ein.',
    label: 'Link zu deinem Inserat',
    placeholder: 'https://www.airbnb.de/rooms/12345678',
    submit: 'Bilder importieren',
    importing: 'Bilder werden importiert…',
    invalidUrl: 'Bitte geben Sie eine gültige URL ein',
    detected: 'Erkannt: {platform}',
    unsupported: 'Bitte nutze einen Link zu Airbnb oder Booking.com.',
    invalidAirbnb: 'Der Link führt nicht zu einer gültigen Airbnb-Unterkunft.',
    invalidBooking: 'Bitte nutze den Link zu einer Hotelseite auf Booking.com.',
    airbnb: 'Airbnb',
    booking: 'Booking.com',
  },
  landing: {
    benefitsTitle: 'Was Sie erwartet',
    benefitBright: 'Hellere, freundlichere Räume',
    benefitBrightText: 'Dunkle Ecken werden hell, Farben wirken warm und einladend.',
    benefitInterest: 'Mehr Interesse an Ihrem Inserat',
    benefitInterestText: 'Gute Fotos sind das Erste, was Gäste und Käufer sehen.',
    benefitDownload: 'Schneller Download',
    benefitDownloadText: 'Ein Bild oder alle auf einmal – sofort bereit zum Hochladen.',
    claimSecure: 'Sichere Übertragung',
    claimFree: 'Kostenlos nutzbar',
    claimNoSignup: 'Ohne Anmeldung',
    claimsLabel: 'Unser Versprechen',
    testimonialsTitle: 'Das sagen unsere Gastgeber',
    testimonialOf: 'Stimme {n} von {total}',
    previousTestimonial: 'Vorherige Stimme',
    nextTestimonial: 'Nächste Stimme',
    before: 'Vorher',
    after: 'Nachher',
    compareLabel: 'Vorher-Nachher-Vergleich',
    trustTitle: 'Darauf können Sie sich verlassen',
    trustLocal: 'Verarbeitung auf Ihrem Gerät',
    trustGdpr: 'DSGVO-freundlich',
    trustOffline: 'Funktioniert offline',
  },
  testimonials: [
    {
      quote:
        'Meine Fotos waren immer zu dunkel. Seit ich raumglanz nutze, sieht das Wohnzimmer endlich so einladend aus wie in echt – und die Anfragen haben spürbar zugenommen.',
      name: 'Sabine K.',
      location: 'Ferienwohnung an der Ostsee',
      alt: 'Wohnzimmer einer Ferienwohnung, vorher dunkel, nachher hell',
    },
    {
      quote:
        'Ich vermiete drei Apartments und hatte nie Zeit für Bildbearbeitung. Jetzt lade ich die Fotos hoch und bin in zwei Minuten fertig.',
      name: 'Thomas R.',
      location: 'Apartments in München',
      alt: 'Schlafzimmer, vorher mit Farbstich, nachher in warmen Tönen',
    },
    {
      quote:
        'Für mein Exposé brauchte ich schnell gerade Linien und helle Räume. Das Ergebnis sieht aus wie vom Profi-Fotografen.',
      name: 'Aylin D.',
      location: 'Immobilienmaklerin in Köln',
      alt: 'Küche, vorher schief und blass, nachher gerade und frisch',
    },
  ],
  /** Toasts from workflow notices: title, description, and variants for one image or failures. */
  toast: {
    imagesAdded: {
      title: 'Bilder hochgeladen',
      description: '{n} Bilder erfolgreich hinzugefügt',
      descriptionOne: '1 Bild erfolgreich hinzugefügt',
    },
    imagesImported: {
      title: 'Bilder erfolgreich importiert',
      description: '{n} Bilder aus deinem Inserat hinzugefügt',
      descriptionOne: '1 Bild aus deinem Inserat hinzugefügt',
    },
    uploadRejected: { title: 'Nicht alle Bilder wurden übernommen' },
    analysisDone: { title: 'Analyse abgeschlossen' },
    analysisFailed: {
      title: 'Analyse fehlgeschlagen',
      description: 'Standardoptimierungen werden empfohlen',
    },
    batchDone: {
      title: 'Optimierung abgeschlossen',
      description: '{done} von {total} Bildern erfolgreich optimiert',
      descriptionFailed: '{done} von {total} Bildern erfolgreich optimiert, {failed} Fehler',
    },
    batchNoneSucceeded: {
      title: 'Fehler',
      description: 'Keines der Bilder konnte erfolgreich optimiert werden.',
    },
    enhanceFailed: { title: 'Fehler', description: 'Optimierung fehlgeschlagen' },
    stagingNeedsOneImage: {
      title: 'Virtual Staging',
      description: 'Bitte wähle genau ein Bild für Virtual Staging aus',
    },
    suggestionsFailed: { title: 'Fehler', description: 'Es konnten keine Vorschläge erstellt werden.' },
    noSuggestionsSelected: {
      title: 'Keine Vorschläge ausgewählt',
      description: 'Bitte wähle mindestens einen Vorschlag aus oder gib einen eigenen ein.',
    },
    implementFailed: {
      title: 'Fehler beim Umsetzen der Vorschläge',
      description: 'Beim Umsetzen der Vorschläge ist ein Fehler aufgetreten.',
    },
    stagingDone: {
      title: 'Virtual Staging erfolgreich!',
      description: 'Dein Raum wurde mit {n} Möbelstücken eingerichtet.',
      descriptionOne: 'Dein Raum wurde mit 1 Möbelstück eingerichtet.',
    },
  },
  pricing: {
    title: 'Credits & Preise',
    intro:
      'Die Optimierungen auf deinem Gerät sind kostenlos. Für KI-Bearbeitungen auf unserem Server brauchst du Credits.',
    credits: '{n} Credits',
    popular: 'Beliebt',
    buy: 'Credits kaufen',
    comingSoon: 'Diese Funktion kommt bald!',
    neverExpire: 'Credits verfallen nie.',
    perCredit: '{price} pro Credit',
    back: 'Zurück zur App',
  },
} as const;

type Leaf = string;
type Join<P extends string, K extends string> = P extends '' ? K : `${P}.${K}`;
type KeysOf<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends Leaf
    ? Join<P, K>
    : T[K] extends readonly unknown[]
      ? never
      : KeysOf<T[K], Join<P, K>>;
}[keyof T & string];

/** Every key that names one German string, e.g. 'upload.gridTitle'. */
export type MessageKey = KeysOf<typeof de>;
export type MessageValues = Record<string, string | number>;

function lookup(key: string): string | undefined {
  let node: unknown = de;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The German text for a key, with `{name}` placeholders filled in. Keys that arrive as data (e.g. a notice
 * from the workflow) may be unknown at run time: the key itself is shown then, so the gap is visible.
 */
export function t(key: MessageKey, values?: MessageValues): string;
export function t(key: string, values?: MessageValues): string;
export function t(key: string, values: MessageValues = {}): string {
  const text = lookup(key);
  if (text === undefined) {
    if (import.meta.env?.DEV) console.error(`Missing German text for "${key}"`);
    return key;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * Title and description of a toast whose key names a `{ title, description? }` group (e.g. 'toast.batchDone'),
 * choosing the 'One' variant for a single item and the 'Failed' variant when something failed.
 */
export function tNotice(key: string, values: MessageValues = {}): { title: string; description?: string } {
  const variant =
    Number(values.failed) > 0 && lookup(`${key}.descriptionFailed`) !== undefined
      ? 'descriptionFailed'
      : values.n === 1 && lookup(`${key}.descriptionOne`) !== undefined
        ? 'descriptionOne'
        : 'description';
  const description = lookup(`${key}.${variant}`);
  return {
    title: lookup(`${key}.title`) !== undefined ? t(`${key}.title`, values) : t(key, values),
    ...(description !== undefined ? { description: t(`${key}.${variant}`, values) } : {}),
  };
}

/** Picks the singular or plural key by count: tn('upload.optimizeOne', 'upload.optimizeMany', n). */
export const tn = (one: MessageKey, many: MessageKey, n: number, values: MessageValues = {}): string =>
  t(n === 1 ? one : many, { n, ...values });
