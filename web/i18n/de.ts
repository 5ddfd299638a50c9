// Every user-visible German string of the app, as one nested object with typed keys. Screens call
// t('upload.dropHint', { n }) and never write German inline; a missing key fails the type check.
// t() reads Vite's import.meta.env, also when a Node program (the listing:extract CLI) imports this file.
/// <reference types="vite/client" />

export const de = {
  app: {
    name: 'raumglanz',
    skipToContent: 'Zum Inhalt springen',
    updateAvailable: 'Update verfügbar',
    updateDescription: 'Eine neue Version von raumglanz ist bereit.',
    updateNow: 'Jetzt aktualisieren',
    offlineReady: 'raumglanz funktioniert jetzt auch offline.',
    offlineTitle: 'Du bist offline.',
    offlineText:
      'Hochladen, Analyse und die kostenlosen Optimierungen laufen weiter auf deinem Gerät. KI-Optimierungen und die Anmeldung brauchen eine Internetverbindung.',
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
    loading: 'Wird geladen…',
    notifications: 'Benachrichtigungen (Alt+T)',
    closeNotification: 'Hinweis schließen',
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
    /** The question before 'Alle löschen' deletes every photo. */
    clearConfirm: {
      title: 'Alle Bilder löschen?',
      textOne: 'Das Bild wird von diesem Gerät gelöscht. Das lässt sich nicht rückgängig machen.',
      textMany: 'Alle {n} Bilder werden von diesem Gerät gelöscht. Das lässt sich nicht rückgängig machen.',
      cancel: 'Abbrechen',
      confirm: 'Ja, alle löschen',
    },
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
    invalidUrl: 'Bitte gib eine gültige URL ein',
    detected: 'Erkannt: {platform}',
    unsupported: 'Bitte nutze einen Link zu Airbnb oder Booking.com.',
    invalidAirbnb: 'Der Link führt nicht zu einer gültigen Airbnb-Unterkunft.',
    invalidBooking: 'Bitte nutze den Link zu einer Hotelseite auf Booking.com.',
    airbnb: 'Airbnb',
    booking: 'Booking.com',
    errorTitle: 'Fehler',
    /** The way out after a failed import, under its error. */
    uploadInstead:
      'Das Hochladen funktioniert trotzdem: Speichere die Fotos aus deinem Inserat auf deinem Gerät und lade sie direkt hier hoch.',
    uploadInsteadButton: 'Fotos direkt hochladen',
    fetchFailed: 'Fehler beim Abrufen der Bilder',
    noImages: 'Keine Bilder gefunden. Bitte überprüfe die URL.',
    convertFailed: 'Die Bilder konnten nicht konvertiert werden.',
    unknownError: 'Ein unbekannter Fehler ist aufgetreten',
    listingNotFound: 'Der Link führt nicht zu einer gültigen {platform}-Unterkunft.',
    noImagesOnPage: 'Auf der {platform}-Seite wurden keine Bilder gefunden.',
    noImagesTryAirbnb: 'Keine Bilder gefunden. Tipp: Nutze einen Airbnb-Link.',
    captchaRequired:
      '{platform} verlangt eine manuelle Bestätigung (Captcha). Bitte versuche es später erneut.',
    captchaTryAirbnb:
      'Booking.com verlangt eine manuelle Bestätigung (Captcha). Bitte versuche es später erneut oder nutze einen Airbnb-Link.',
    pageFetchFailed: 'Die {platform}-Seite konnte nicht abgerufen werden.',
    imagesFetchFailed: 'Von {platform} konnten keine Bilder geladen werden.',
  },
  landing: {
    benefitsTitle: 'Was dich erwartet',
    benefitBright: 'Hellere, freundlichere Räume',
    benefitBrightText: 'Dunkle Ecken werden hell, Farben wirken warm und einladend.',
    benefitInterest: 'Mehr Interesse an deinem Inserat',
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
    trustTitle: 'Darauf kannst du dich verlassen',
    trustLocal: 'Verarbeitung auf deinem Gerät',
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
  analysis: {
    title: 'Ich schaue mir deine Bilder erstmal an...',
    hint: 'Ich erkenne den Raumtyp und was im Bild zu sehen ist – direkt auf deinem Gerät.',
    done: 'analysiert',
    waiting: 'wartet',
    more: '+ {n} weitere',
    progress: '{done} von {total} Bildern analysiert',
  },
  modes: {
    title: 'Wähle deine Optimierungen',
    back: 'Zurück',
    allSame: 'Alle gleich',
    individual: 'Einzeln',
    selectionKind: 'Optimierungen für',
    detectedRoom: 'Erkannt: {room}',
    mixedRooms: 'Verschiedene Räume',
    recommended: 'Empfohlen',
    free: 'Kostenlos · offline',
    freeOnServer: 'Kostenlos',
    credits: '{n} Credits',
    creditsOne: '1 Credit',
    showMore: 'weitere Optimierungen anzeigen',
    showLess: 'weniger anzeigen',
    selectedCount: '{n} Optimierungen ausgewählt',
    selectedCountOne: '1 Optimierung ausgewählt',
    apply: 'Optimierungen anwenden',
    empty: 'Keine Optimierung ausgewählt',
    pickAtLeastOne: 'Wähle mindestens eine Optimierung',
    pickForOneImage: 'Wähle für mindestens ein Bild eine Optimierung',
    price: 'Kosten: {n} Credits',
    priceOne: 'Kosten: 1 Credit',
    priceFree: 'Kostenlos – läuft auf deinem Gerät',
    priceFreeServer: 'Kostenlos – einfache Bildbearbeitung ohne KI, auch ohne Konto',
    creditsNeeded: '{n} Credits benötigt',
    creditsNeededOne: '1 Credit benötigt',
    addCredits: 'Credits aufladen',
    loginNeeded: 'Für KI-Optimierungen brauchst du ein Konto.',
    paidNotPreselected:
      'Empfohlene KI-Optimierungen sind nicht vorausgewählt, denn sie laufen auf unserem Server und kosten Credits.',
    paidNotPreselectedOffline:
      'Du bist offline: Vorausgewählt ist nur, was auf deinem Gerät läuft. KI-Optimierungen brauchen eine Internetverbindung.',
    needsAccount:
      'Diese Optimierung macht eine KI auf unserem Server und kostet Credits. Dafür brauchst du ein kostenloses Konto – beim Anwenden kannst du dich anmelden.',
    needsConnection: 'Diese Optimierung läuft auf unserem Server und braucht eine Internetverbindung.',
    waitsForConnection:
      'Du bist offline: Diese Optimierung wartet auf deinem Gerät und läuft einmal, sobald du wieder online bist.',
    onlyRoom: 'nur für Fotos: {room}',
    /** On a removal mode's card when the server has no AI service (core/declutter/removalScope.ts). */
    removalScope:
      'Ohne KI-Dienst entfernt: {kinds}. Nicht erkannt: Kabel, Papiere, Kleidung und Flecken. Nichts gefunden: keine Kosten.',
    removalKind: {
      dishes: 'Geschirr',
      food: 'Lebensmittel',
      devices: 'Fernbedienungen und Elektronik',
      bags: 'Taschen',
      books: 'Bücher',
      toys: 'Spielsachen',
      smallItems: 'Kleinkram',
    },
    /** Instead of the price, on a mode this server cannot do (no generative AI service configured). */
    needsAiServer: 'Braucht einen KI-Server',
    needsAiServerReason:
      'Nicht auswählbar: Dieser Server arbeitet ohne KI-Dienst und kann diese Optimierung nicht ausführen.',
    unavailableSelected:
      'Dieser Server kann diese Optimierung nicht ausführen, dafür braucht es einen KI-Server. Sie wird übersprungen und kostet nichts – wähle sie am besten ab.',
    imageLabel: 'Bild {n}: {name}',
    serverModes: 'KI-Optimierungen',
    deviceModes: 'Auf deinem Gerät',
    autoStrength: 'Stärke',
    autoStrengthValue: '{percent} %',
    autoStrengthHint:
      'Wie stark „Automatisch optimieren“ Licht und Farben verändert: 0 % lässt sie, wie sie sind. Gilt ab dem nächsten Anwenden und bleibt auf diesem Gerät gespeichert.',
  },
  processing: {
    title: 'Deine Bilder werden optimiert',
    done: '{done} von {total} Bildern fertig',
    remaining: 'Noch etwa {time}',
    seconds: '{n} Sekunden',
    minutes: '{time} Min',
    almostDone: 'Fast fertig...',
    cancel: 'Abbrechen',
    statusPending: 'Wartet',
    statusEnhancing: 'Wird optimiert…',
    statusEnhanced: 'Fertig',
    /** A photo that kept its other results while one of its modes failed. */
    statusPartly: 'Fertig, nicht alles angewendet',
    statusError: 'Fehler',
    /** One photo's modes that did not run, with the German reason: 'Hotelbett – Diese Optimierung braucht …'. */
    modeFailed: '{modes} – {message}',
    tips: [
      'Tipp: Das erste Foto entscheidet, ob Gäste dein Inserat öffnen – nimm dein hellstes Zimmer.',
      'Tipp: Fotografiere bei Tageslicht und schalte zusätzlich alle Lampen ein.',
      'Tipp: Halte die Kamera auf Brusthöhe und gerade – so bleiben Wände senkrecht.',
      'Tipp: Frische Handtücher und ein gemachtes Bett wirken auf Fotos sofort einladend.',
      'Tipp: Zeige jeden Raum aus der Ecke – so wirkt er größer.',
    ],
  },
  results: {
    title: 'Deine optimierten Bilder',
    backToModes: 'Zurück zur Modusauswahl',
    download: 'Herunterladen',
    downloadAll: 'Alle herunterladen',
    more: 'Weitere Optimierungen',
    startOver: 'Neu starten',
    compare: 'Vergleich von {name} im Vollbild öffnen',
    failed: 'Fehler: {message}',
    /** Under a result whose photo lost one of its modes: which and why. */
    partlyFailed: 'Nicht angewendet: {message}',
    serverModes: 'Auf unserem Server bearbeitet: {modes}',
    noResult: 'Noch kein Ergebnis',
  },
  retouch: {
    open: 'Retuschieren',
    openFor: '{name} retuschieren',
    title: 'Retuschieren: {name}',
    hint: 'Male über alles, was verschwinden soll (Kabel, Flecken, Handtücher). Einen Gegenstand musst du nur grob übermalen: Die Markierung folgt seinem Umriss und Schatten. Die Stelle wird aus der Umgebung aufgefüllt – auf deinem Gerät, offline und kostenlos.',
    canvas: 'Foto zum Übermalen. Mit Maus, Finger oder Stift über die zu entfernende Stelle malen.',
    brushSize: 'Pinselgröße',
    undo: 'Rückgängig',
    apply: 'Anwenden',
    cancel: 'Abbrechen',
    working: 'Die markierten Stellen werden aufgefüllt…',
    empty: 'Noch nichts markiert.',
    strokes: 'Markierte Striche: {n}',
    done: 'Retusche übernommen',
    failed: 'Die Retusche hat nicht geklappt. Bitte versuche es noch einmal.',
  },
  suggestions: {
    title: 'Unsere Verbesserungsvorschläge',
    loading: 'Vorschläge werden erstellt…',
    all: 'Alle Vorschläge',
    image: 'Bild {n}',
    forImage: 'Bild {n} · {name}',
    tabs: 'Vorschläge nach Bild',
    shop: 'Passende Produkte ansehen',
    customLabel: 'Eigener Vorschlag (optional)',
    customPlaceholder: 'z. B. Mehr Pflanzen auf der Fensterbank',
    apply: 'Vorschläge umsetzen',
    implementing: 'Vorschläge werden umgesetzt…',
    /** The progress while implementing, one photo at a time. */
    progress: 'Foto {n} von {total}',
    progressLabel: 'Fortschritt beim Umsetzen der Vorschläge',
    progressValue: 'Foto {n} von {total} wird bearbeitet',
    back: 'Zurück',
    none: 'Für dieses Bild gibt es keine Vorschläge.',
    /** A furnishing idea this server cannot put into the photo: shown without a tick box. */
    tip: 'Einkaufstipp',
    tipHint: 'Zum Selbermachen: Das kann nicht ins Foto eingefügt werden.',
    /** Why a photo was not sent when a cancel stopped the rest. */
    notSent: 'Abgebrochen.',
  },
  final: {
    title: 'Fertig optimiert',
    before: 'Vorher',
    after: 'Nachher',
    paging: '{n} von {total}',
    previous: 'Vorheriges Bild',
    next: 'Nächstes Bild',
    download: 'Dieses Bild herunterladen',
    downloadAll: 'Alle herunterladen (ZIP)',
    shoppingList: 'Deine Einrichtungsliste',
    estimatedTotal: 'Geschätzte Gesamtkosten: {price}',
    applied: 'Angewendete Verbesserungen',
    /** Under 'Angewendete Verbesserungen', for the photo on screen. */
    appliedFor: 'Bild {n}: {name}',
    appliedNone: 'An diesem Foto wurde kein Vorschlag umgesetzt.',
    notApplied: 'Nicht umgesetzt: {list}',
    reset: 'Neu starten',
    back: 'Zurück',
    empty: 'Kein optimiertes Bild zum Anzeigen gefunden. Bitte versuche es erneut.',
    /** Shown with a staged result and its furnishing list. */
    virtuallyFurnished: 'Dieser Raum wurde virtuell eingerichtet: Die Möbel stehen nicht wirklich im Raum.',
    virtualLabel: 'Virtuell eingerichtet',
    labelSwitch: 'Hinweis „Virtuell eingerichtet“ ins Bild schreiben',
    labelSwitchHint: 'Empfohlen: So weiß jeder, dass die Einrichtung nur eine Visualisierung ist.',
    quantity: '{n} ×',
    /**
     * Under the furnishing list, as its links really are (web/screens/final/shoppingNotes.ts): Amazon's programme
     * asks for this sentence where its tagged links appear.
     */
    affiliateTagged:
      'Hinweis: Die Links sind Affiliate-Links. Als Amazon-Partner verdienen wir an qualifizierten Verkäufen; für dich ändert sich der Preis nicht.',
    affiliatePartlyTagged:
      'Hinweis: Die Amazon-Links sind Affiliate-Links. Als Amazon-Partner verdienen wir an qualifizierten Verkäufen; für dich ändert sich der Preis nicht. Die übrigen Links sind keine Affiliate-Links.',
    affiliateUntagged: 'Hinweis: Die Links sind keine Affiliate-Links; wir verdienen daran nichts.',
    /** The catalogue's products are examples of the kind of piece, priced by the catalogue, not by the shop. */
    priceEstimate:
      'Beispielprodukte, Preise geschätzt: Die Richtpreise enthalten MwSt.; der aktuelle Preis im Shop kann abweichen.',
  },
  staging: {
    title: 'Virtuell einrichten',
    description:
      'Wir richten deinen Raum virtuell mit Beispielmöbeln ein, direkt auf deinem Gerät. Zu jedem Stück gibt es einen Link zum Shop.',
    stepOptions: 'Stil und Budget',
    stepSelection: 'Möbel auswählen',
    stepArrange: 'Anordnen',
    stepComplete: 'Fertig',
    style: 'Stil',
    styles: {
      auto: 'Automatisch',
      modern: 'Modern',
      classic: 'Klassisch',
      minimal: 'Minimalistisch',
      cozy: 'Gemütlich',
    },
    budget: 'Budget',
    budgetMin: 'Budget ab',
    budgetMax: 'Budget bis',
    budgetRange: '{min} bis {max}',
    cost: 'Virtuell einrichten kostet {n} Credits, abgebucht erst beim Fertigstellen.',
    analyze: 'Raum analysieren',
    analyzing: 'Dein Raum wird analysiert…',
    selectionIntro: 'Wir empfehlen diese Möbel für deinen Raum. Wähle aus, was eingerichtet werden soll.',
    selectionTotal: 'Ausgewählt: {price}',
    priority: {
      essential: 'Wichtig',
      recommended: 'Empfohlen',
      optional: 'Optional',
    },
    unselected: {
      budget: 'über dem Budget',
      floor: 'zu wenig Platz',
      companion: 'passt nur zusammen mit einem anderen Stück',
    },
    priceEach: '{price} pro Stück',
    shopLink: 'Im Shop ansehen',
    estimate: 'Beispielprodukte, Preise geschätzt.',
    /** The credit line of a product's 3D model (CC BY asks for it wherever the model is shown). */
    modelCredit: '3D-Modell: {credit}',
    apply: 'Raum einrichten',
    placing: 'Dein Raum wird vermessen und eingerichtet…',
    finishing: 'Dein eingerichtetes Foto wird in voller Größe erstellt…',
    examples: 'Beispielprodukte, Preise geschätzt.',
    arrangeIntro:
      'Ziehe ein Möbelstück mit Maus oder Finger über den Boden. Mit der Tastatur: Stück in der Liste wählen, Pfeiltasten verschieben, Q und E drehen, Entf entfernt es. Das Anordnen kostet nichts.',
    canvasRole: '3D-Ansicht',
    canvasLabel: 'Eingerichteter Raum. Ausgewählt: {name}',
    nothingActive: 'nichts',
    drawing: 'Die 3D-Möbel werden geladen…',
    drawFailed:
      'Die 3D-Ansicht konnte auf diesem Gerät nicht gestartet werden. Bitte versuche es in einem aktuellen Browser erneut.',
    piecesTitle: 'Platzierte Möbel',
    turnLeft: 'Nach links drehen',
    turnRight: 'Nach rechts drehen',
    remove: 'Entfernen',
    swap: 'Austauschen gegen',
    swapChoose: 'anderes Produkt wählen…',
    problem: {
      offFloor: 'steht nicht ganz auf dem sichtbaren Boden',
      obstacle: 'steht auf oder in einem vorhandenen Möbelstück',
      keepFree: 'steht vor einem Fenster, einer Tür oder im Laufweg',
      overlap: 'überschneidet sich mit einem anderen Stück',
    },
    leftOut: 'Nicht platziert: {list}',
    leftOutReason: {
      noSpace: 'kein Platz auf dem sichtbaren Boden',
      noAnchor: 'nichts da, worauf es stehen kann',
    },
    modelCredits: '3D-Modelle: {list}',
    finish: 'Fertigstellen · {n} Credits',
    complete: 'Dein Raum wurde virtuell eingerichtet.',
    showResult: 'Ergebnis ansehen',
    back: 'Zurück',
    close: 'Schließen',
    loginNeeded: 'Zum virtuellen Einrichten brauchst du ein Konto, denn es kostet Credits.',
    login: 'Anmelden',
    needCredits: 'Du brauchst {n} Credits zum virtuellen Einrichten',
  },
  compareDialog: {
    title: 'Vorher-Nachher-Vergleich',
    close: 'Schließen',
  },
  insufficient: {
    title: 'Nicht genügend Credits',
    missing: 'Dir fehlen {n} Credits für diese Optimierung.',
    missingOne: 'Dir fehlt 1 Credit für diese Optimierung.',
    empty: 'Du hast keine Credits mehr.',
    status: 'Benötigt: {needed} · Vorhanden: {current}',
    neverExpire: 'Credits verfallen nie.',
    toPricing: 'Zu den Preisen',
    close: 'Schließen',
  },
  importToast: {
    failed: { title: 'Fehler', description: '{message} Lade deine Fotos stattdessen direkt hoch.' },
  },
  /** The question before 'Neu starten' deletes everything. */
  reset: {
    title: 'Wirklich neu starten?',
    text: 'Alle Fotos und Ergebnisse auf diesem Gerät werden gelöscht. Das lässt sich nicht rückgängig machen – lade vorher herunter, was du behalten möchtest.',
    cancel: 'Abbrechen',
    confirm: 'Ja, alles löschen',
  },
  download: {
    pngOption: 'Als PNG herunterladen (verlustfrei, aber viel größere Dateien)',
    started: { title: 'Download gestartet' },
    failed: { title: 'Download fehlgeschlagen', description: 'Bitte versuche es erneut.' },
    zipName: 'raumglanz-bilder.zip',
  },
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
    /** Some photos kept their results while one of their modes failed (each says which under its result). */
    batchPartly: {
      title: 'Optimierung teilweise abgeschlossen',
      description:
        '{done} von {total} Bildern optimiert. Bei {partial} davon wurde nicht alles angewendet – der Grund steht beim Bild.',
      descriptionFailed:
        '{done} von {total} Bildern optimiert, {failed} Fehler. Bei {partial} davon wurde nicht alles angewendet – der Grund steht beim Bild.',
    },
    batchNoneSucceeded: {
      title: 'Fehler',
      description: 'Keines der Bilder konnte erfolgreich optimiert werden.',
    },
    enhanceFailed: { title: 'Fehler', description: 'Optimierung fehlgeschlagen' },
    stagingNeedsOneImage: {
      title: 'Virtuell einrichten',
      description: 'Bitte wähle genau ein Bild zum virtuellen Einrichten aus',
    },
    suggestionsFailed: { title: 'Fehler', description: 'Es konnten keine Vorschläge erstellt werden.' },
    /** The same, with the German reason of the failed call. */
    suggestionsFailedBecause: {
      title: 'Fehler',
      description: 'Es konnten keine Vorschläge erstellt werden. {message}',
    },
    noSuggestionsSelected: {
      title: 'Keine Vorschläge ausgewählt',
      description: 'Bitte wähle mindestens einen Vorschlag aus oder gib einen eigenen ein.',
    },
    implementFailed: {
      title: 'Fehler beim Umsetzen der Vorschläge',
      description: 'Beim Umsetzen der Vorschläge ist ein Fehler aufgetreten.',
    },
    /** The same, naming the photos of the request and the German reason. */
    implementFailedBecause: {
      title: 'Fehler beim Umsetzen der Vorschläge',
      description: 'Fotos: {photos}. {message}',
    },
    /** Some photos got their suggestions, these did not (they keep their optimised look). */
    implementPartly: {
      title: 'Nicht alle Vorschläge umgesetzt',
      description: 'Unverändert: {photos}. {message}',
    },
    paidNeedsConnection: {
      title: 'Keine Internetverbindung',
      description:
        'KI-Optimierungen laufen auf unserem Server. Wähle sie ab, um offline weiterzumachen, oder versuche es wieder, wenn du online bist.',
    },
    stagingDone: {
      title: 'Virtuell eingerichtet!',
      description: 'Dein Raum wurde mit {n} Möbelstücken eingerichtet.',
      descriptionOne: 'Dein Raum wurde mit 1 Möbelstück eingerichtet.',
    },
    stagingNeedsCredits: { title: 'Du brauchst {n} Credits zum virtuellen Einrichten' },
    stagingNeedsItem: {
      title: 'Virtuell einrichten',
      description: 'Bitte wähle mindestens ein Möbelstück aus',
    },
    stagingAnalysisFailed: { title: 'Fehler bei der Raumanalyse', description: '{message}' },
    stagingFailed: { title: 'Fehler beim virtuellen Einrichten', description: '{message}' },
    stagingNoSpace: {
      title: 'Kein Platz gefunden',
      description:
        'Für die gewählten Möbel ist auf dem sichtbaren Boden kein Platz. Wähle kleinere Stücke oder ein Foto mit mehr freier Fläche.',
    },
    stagingPlacementFailed: {
      title: 'Fehler beim virtuellen Einrichten',
      description:
        'Der Raum konnte auf deinem Gerät nicht vermessen und eingerichtet werden. Bitte versuche es erneut oder wähle ein anderes Foto.',
    },
    stagingRenderFailed: {
      title: 'Fehler beim virtuellen Einrichten',
      description:
        'Das eingerichtete Foto konnte auf deinem Gerät nicht erstellt werden. Es wurden keine Credits abgebucht. Bitte versuche es erneut.',
    },
  },
  export: {
    presetLabel: 'Exportieren für',
    presetHint: '{rules}',
    original: 'Original (volle Größe)',
    rules: '{size}, JPEG bis {mb} MB',
    sizeLong: 'lange Seite {px} px',
    sizeAspect: '{ratio}, lange Seite {px} px',
    noText:
      '{portal} erlaubt keinen Text auf Fotos: Das Label „Virtuell eingerichtet“ entfällt. Schreibe im Inseratstext, dass das Foto virtuell eingerichtet ist.',
    discloseInText: {
      title: 'Download gestartet',
      description:
        'Ohne Label „Virtuell eingerichtet“, weil das Portal keinen Text auf Fotos erlaubt: Weise im Inseratstext darauf hin, dass das Foto virtuell eingerichtet ist.',
    },
    /** Under the chosen portal's rules: a preset never enlarges a photo. */
    minimum:
      'Mindestens {width} × {height} px. Kleinere Fotos werden nicht vergrößert, sie blieben sonst unscharf.',
    keptSize: {
      title: 'Download gestartet',
      description:
        'Nicht vergrößert: {portal} verlangt mindestens {width} × {height} px, diese Fotos sind kleiner und behalten ihre Größe. Nimm dafür am besten ein größeres Original.',
    },
    keptSizeDisclose: {
      title: 'Download gestartet',
      description:
        'Ohne Label „Virtuell eingerichtet“, weil das Portal keinen Text auf Fotos erlaubt: Weise im Inseratstext darauf hin. Nicht vergrößert: {portal} verlangt mindestens {width} × {height} px, diese Fotos sind kleiner und behalten ihre Größe.',
    },
    /** One photo kept small, after its file name. */
    ownSize: '{width} × {height} px',
  },
  install: {
    title: 'raumglanz installieren',
    text: 'Als App auf deinem Gerät: startet offline, und Fotos aus deiner Galerie teilst du direkt hierher.',
    accept: 'Installieren',
    dismiss: 'Nicht mehr anzeigen',
  },
  storage: {
    title: 'Speicher auf diesem Gerät',
    usage: 'Belegt: {used} MB von {quota} MB, die dein Browser erlaubt.',
    unknown: 'Dein Browser nennt den belegten Speicher nicht.',
    retention: 'Unberührte Sitzungen behalten',
    days: '{n} Tage',
    keepForever: 'bis ich sie lösche',
    retentionHint:
      'Fotos und Ergebnisse einer Sitzung, die du so lange nicht geöffnet hast, werden beim nächsten Start gelöscht. Wartende Aufträge bleiben immer erhalten.',
    cleanNow: 'Jetzt aufräumen',
    cleaned: '{n} alte Dateien gelöscht.',
  },
  outbox: {
    waiting: 'Wartet auf Verbindung',
    panelTitle: 'Warteschlange',
    panelHint: 'Wird gesendet, sobald du wieder online bist. Berechnet wird erst, wenn der Auftrag läuft.',
    jobEnhance: 'KI-Optimierung für {name}',
    jobSuggestions: 'Vorschläge für {count} Bild(er)',
    cancel: 'Abbrechen',
    sending: 'Wird gesendet …',
    queued: {
      title: 'Wartet auf Verbindung',
      description: '{count} Auftrag/Aufträge werden gesendet, sobald die Verbindung wieder da ist.',
    },
    delivered: {
      title: 'Wieder online',
      description: '{count} Ergebnis(se) aus der Warteschlange sind da.',
    },
    dropped: {
      title: 'Auftrag nicht ausgeführt',
      description: '{message}',
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
  /** Messages of the on-device engine (web/engine): why one photo could not be processed. */
  engine: {
    tooManyPixels: 'Das Foto ist zu groß (über 50 Megapixel). Bitte verkleinere es vor dem Hochladen.',
    unsupported: 'Dieses Dateiformat wird nicht unterstützt. Bitte verwende JPG, PNG oder WEBP.',
    decodeFailed: 'Das Foto konnte nicht gelesen werden. Vielleicht ist die Datei beschädigt.',
    processingFailed: 'Dieses Foto konnte nicht bearbeitet werden. Bitte versuche es erneut.',
    cancelled: 'Die Bearbeitung wurde abgebrochen.',
    workerCrashed: 'Bei der Bearbeitung ist ein Fehler aufgetreten. Bitte versuche es erneut.',
  },
  /** What the device modes did (core/imaging/engineSteps.ts), for a result's description. */
  engineSteps: {
    brightened: 'Aufgehellt',
    exposureUp: 'Belichtung angehoben',
    exposureDown: 'Belichtung reduziert',
    colorCast: 'Farbstich korrigiert',
    contrast: 'Kontrast verbessert',
    noise: 'Bildrauschen reduziert',
    sharpened: 'Details geschärft',
    learned: 'Farben und Licht ausgewogen',
    whites: 'Weiß neutralisiert',
    perspectiveCorrected: 'Stürzende Linien korrigiert',
    perspectiveTooFewLines: 'Perspektive unverändert: zu wenige senkrechte Linien',
    perspectiveAlreadyStraight: 'Perspektive unverändert: die Linien sind bereits senkrecht',
    perspectiveTooStrong: 'Perspektive unverändert: die Neigung ist zu stark für eine automatische Korrektur',
    perspectiveNotBetter: 'Perspektive unverändert: keine sichere Verbesserung gefunden',
    perspectiveTooMuchCrop: 'Perspektive unverändert: die Korrektur hätte zu viel vom Bild abgeschnitten',
  },
  /** Accounts: the /login page, the top bar and the guard in front of pages that need an account. */
  auth: {
    title: 'Anmelden',
    signUpTitle: 'Konto erstellen',
    intro:
      'Mit einem Konto nutzt du die KI-Optimierungen auf unserem Server. Die Bearbeitung auf deinem Gerät bleibt ohne Anmeldung kostenlos.',
    modeLabel: 'Anmelden oder Konto erstellen',
    signInTab: 'Anmelden',
    signUpTab: 'Konto erstellen',
    name: 'Name',
    email: 'E-Mail',
    password: 'Passwort',
    passwordHint: 'Mindestens {n} Zeichen',
    submitSignIn: 'Anmelden',
    submitSignUp: 'Konto erstellen',
    submitting: 'Einen Moment…',
    checking: 'Überprüfe Anmeldung...',
    /** Why the app sent a visitor to /login (?reason=, web/api/auth.ts loginPath). */
    reasons: {
      paidMode:
        'Für diesen Modus brauchst du ein Konto, denn er kostet Credits. Deine Auswahl bleibt erhalten.',
      staging: 'Für das virtuelle Einrichten brauchst du ein Konto, denn es kostet Credits.',
      suggestions: 'Zum Umsetzen der Vorschläge brauchst du ein Konto, denn es kostet Credits.',
    },
    signIn: 'Anmelden',
    signOut: 'Abmelden',
    signedInAs: 'Angemeldet als {name}',
    signedOut: 'Du bist abgemeldet.',
    welcome: 'Willkommen, {name}!',
    errors: {
      wrongPassword: 'E-Mail oder Passwort ist falsch.',
      emailTaken: 'Für diese E-Mail-Adresse gibt es schon ein Konto. Melde dich an.',
      passwordTooShort: 'Das Passwort muss mindestens {n} Zeichen lang sein.',
      passwordTooLong: 'Das Passwort darf höchstens {n} Zeichen lang sein.',
      invalidEmail: 'Bitte gib eine gültige E-Mail-Adresse ein.',
      nameMissing: 'Bitte gib deinen Namen ein.',
      invalidInput: 'Bitte überprüfe deine Eingaben.',
      rateLimited: 'Zu viele Anmeldeversuche. Bitte warte eine Minute und versuche es dann erneut.',
      network: 'Keine Verbindung zum Server. Bitte prüfe deine Internetverbindung und versuche es erneut.',
      unknown: 'Das hat leider nicht geklappt. Bitte versuche es erneut.',
      signOutFailed: 'Abmelden fehlgeschlagen. Bitte versuche es erneut.',
    },
  },
  /** The balance in the top bar. */
  credits: {
    balance: '{n} Credits',
    balanceOne: '1 Credit',
    label: 'Dein Guthaben',
  },
  /** Error catalogue of SPEC section 8 for API failures; web/api/errors.ts maps every error code to a key here. */
  errors: {
    apiError: 'API Fehler ({status}): {details}',
    unknown: 'Unbekannter API Fehler',
    refunded: 'Die Credits dafür wurden dir zurückgebucht.',
    network: 'Keine Verbindung zum Server. Bitte prüfe deine Internetverbindung.',
    aborted: 'Abgebrochen.',
    invalidResponse: 'Unerwartete Antwort vom Server.',
    noEnhancedImage: 'Keine optimierte Bild-URL erhalten',
    noFinalImages: 'Keine finalen Bilder erhalten',
    invalidJson: 'Die Anfrage war fehlerhaft.',
    invalidRequest: 'Die Anfrage war unvollständig oder fehlerhaft.',
    notFound: 'Diese Funktion gibt es auf dem Server nicht.',
    payloadTooLarge: 'Die Bilder sind zusammen zu groß. Bitte sende weniger oder kleinere Bilder.',
    unsupportedMediaType: 'Das Format der Anfrage wird nicht unterstützt.',
    internal: 'Auf dem Server ist ein Fehler aufgetreten.',
    unauthenticated: 'Bitte melde dich an, um diese Funktion zu nutzen.',
    forbidden: 'Diese Anfrage ist nicht erlaubt.',
    rateLimited: 'Zu viele Anfragen. Bitte warte einen Moment und versuche es dann erneut.',
    insufficientCredits: 'Nicht genügend Credits',
    stagingRedirect: 'Virtuell einrichten: Bitte wähle genau ein Bild zum virtuellen Einrichten aus',
    upstreamFailed: 'Der KI-Dienst hat einen Fehler gemeldet. Bitte versuche es erneut.',
    serviceUnavailable: 'Der Dienst ist gerade nicht erreichbar. Bitte versuche es später erneut.',
    fileTooLarge: 'Datei zu groß (max 10MB)',
    tooManyFiles: 'Zu viele Bilder auf einmal (höchstens {max}).',
    imageTooLarge: 'Das Bild hat zu viele Pixel (höchstens {megapixels} Megapixel).',
    unsupportedImage: 'Nicht unterstütztes Format',
    starterNetworkLimit:
      'Dein Konto startet mit 0 Credits: Aus deinem Netzwerk wurden heute schon Konten mit Start-Credits angelegt.',
    starterDailyCap:
      'Dein Konto startet mit 0 Credits: Die kostenlosen Start-Credits für heute sind vergeben. Morgen gibt es neue.',
    imageUnreadable:
      'Foto {image} ist beschädigt oder unvollständig und lässt sich nicht öffnen. Bitte lade es noch einmal hoch.',
    aiUnavailable: 'Diese Optimierung braucht den KI-Dienst, der auf diesem Server nicht eingerichtet ist.',
    aiBusy: 'Der KI-Dienst ist gerade ausgelastet. Bitte versuche es in einer Minute erneut.',
    aiTimeout: 'Der KI-Dienst hat nicht rechtzeitig geantwortet. Bitte versuche es erneut.',
    aiRefused: 'Der KI-Dienst hat dieses Bild abgelehnt. Bitte versuche es mit einem anderen Foto.',
    idempotencyKeyRequired: 'Der Anfrage fehlte ihre Kennung.',
    idempotencyKeyReused: 'Die Kennung der Anfrage wurde schon für eine andere Anfrage benutzt.',
    requestInProgress: 'Diese Optimierung läuft bereits. Bitte warte einen Moment.',
    alreadyProcessed: 'Diese Anfrage wurde bereits verarbeitet. Bitte starte die Optimierung neu.',
    stagingRendersOnDevice:
      'Virtuelles Einrichten läuft auf deinem Gerät. Bitte lade die Seite neu und versuche es erneut.',
    notImplemented: 'Diese Funktion kommt bald!',
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
/** A toast's key: one text, or a group with `title` and `description` variants (e.g. 'toast.batchDone'). */
export type NoticeKey = MessageKey | GroupOfTitle<MessageKey>;
type GroupOfTitle<K> = K extends `${infer Group}.title` ? Group : never;

function lookup(key: string): string | undefined {
  let node: unknown = de;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The German text for a key, with `{name}` placeholders filled in. Should a key still miss at run time (a value
 * cast past the type check), the key itself is shown, so the gap is visible.
 */
export function t(key: MessageKey, values: MessageValues = {}): string {
  const text = lookup(key);
  if (text === undefined) {
    if (import.meta.env?.DEV) console.error(`Missing German text for "${key}"`);
    return key;
  }
  return fill(text, values);
}

function fill(text: string, values: MessageValues): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * Title and description of a toast whose key names a `{ title, description? }` group (e.g. 'toast.batchDone'),
 * choosing the 'One' variant for a single item and the 'Failed' variant when something failed.
 */
export function tNotice(key: NoticeKey, values: MessageValues = {}): { title: string; description?: string } {
  const variant =
    Number(values.failed) > 0 && lookup(`${key}.descriptionFailed`) !== undefined
      ? 'descriptionFailed'
      : values.n === 1 && lookup(`${key}.descriptionOne`) !== undefined
        ? 'descriptionOne'
        : 'description';
  const description = lookup(`${key}.${variant}`);
  return {
    title: fill(lookup(`${key}.title`) ?? lookup(key) ?? key, values),
    ...(description !== undefined ? { description: fill(description, values) } : {}),
  };
}

/** Picks the singular or plural key by count: tn('upload.optimizeOne', 'upload.optimizeMany', n). */
export const tn = (one: MessageKey, many: MessageKey, n: number, values: MessageValues = {}): string =>
  t(n === 1 ? one : many, { n, ...values });
