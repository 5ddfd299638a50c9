// The suggestion text format of SPEC section 3: blocks separated by '---' lines, each with an optional
// 'Bild n:' prefix, a numbered bold title, a description and a '[Hauptartikel: ...]' part.
// The parser reads what a language model actually writes (CRLF, headings, stray bold, missing parts, no
// separators) and never throws; the printer writes the canonical form, which the parser reads back unchanged.

import type { Suggestion } from './suggestionTypes';

// The patterns below avoid two quantifiers that can match the same run of characters next to each other
// ('\s*(?:\*\*)?\s*'), so a hostile line of 50,000 spaces or stars cannot make them backtrack for seconds.

/** Block separator: '---' (or a longer markdown rule of -, * or _) alone on a line; test on a trimmed line. */
const SEPARATOR = /^(?:-{3,}|\*{3,}|_{3,})$/;
/** 'Bild 2:' at the start of a line, possibly bold or as a heading. */
const BILD_PREFIX =
  /^(?:#{1,6}\s*)?(?:(?:\*\*|__)\s*)?Bild\s+(\d{1,3})\s*(?:(?:\*\*|__)\s*)?(?:[:.\-–—]\s*)?(?:(?:\*\*|__)\s*)?/i;
/** Where a Hauptartikel part starts inside a line: '[Hauptartikel' with optional bold. */
const HAUPTARTIKEL_BRACKETED = /\[\s*(?:(?:\*\*|__)\s*)?Hauptartikel\b/i;
/** A line that starts with 'Hauptartikel:' without a bracket, e.g. '- **Hauptartikel:** Lampe'. */
const HAUPTARTIKEL_LINE = /^(?:[-*•]\s+)?(?:(?:\*\*|__)\s*)?Hauptartikel\s*(?:(?:\*\*|__)\s*)?:/i;
/** The marker itself, to cut it off the content. */
const HAUPTARTIKEL_MARKER =
  /^\[?\s*(?:(?:\*\*|__)\s*)?Hauptartikel\s*(?:(?:\*\*|__)\s*)?(?::\s*)?(?:(?:\*\*|__)\s*)?/i;
/** Labels that models bold but that are not titles. */
const LABEL = /^(?:beschreibung|hauptartikel|bild\s*\d*)\s*:?$/i;

const MAX_IMAGE_NUMBER = 999;

interface TitleMatch {
  title: string;
  /** Text after the title on the same line, e.g. ': Stellen Sie ...'. */
  rest: string;
  /** Numbered and bold, or a heading: always starts a new suggestion. Weak titles only start one when expected. */
  strong: boolean;
}

interface Draft {
  title: string;
  imageNumber: number | undefined;
  description: string[];
  hauptartikel: string | undefined;
}

function collapseSpaces(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/**
 * Removes bold markers ('**' and '__'), including those that only meet once inner ones are gone ('*__*').
 * A stack does it in one pass; removing pairs with a regex until nothing changes can take n/2 passes.
 */
function stripBold(s: string): string {
  const out: string[] = [];
  for (const ch of s) {
    if ((ch === '*' || ch === '_') && out[out.length - 1] === ch) out.pop();
    else out.push(ch);
  }
  return out.join('');
}

function isSeparator(line: string): boolean {
  return SEPARATOR.test(line.trim());
}

/** Cuts the given characters off both ends; a loop, because '[*_ ]+$' backtracks badly on long runs. */
function trimChars(s: string, lead: string, trail: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && lead.includes(s[start] ?? '')) start++;
  while (end > start && trail.includes(s[end - 1] ?? '')) end--;
  return s.slice(start, end);
}

function cleanTitle(s: string): string {
  return trimChars(collapseSpaces(stripBold(s.replace(/`/g, ''))), '*_ ', '*_ :');
}

function matchTitle(line: string): TitleMatch | null {
  let s = line.replace(/^[-•+]\s+/, '');
  const heading = /^#{1,6}\s+/.test(s);
  s = s.replace(/^#{1,6}\s+/, '');

  // '**1. Titel** rest'
  let m = /^(\*\*|__)\s*\d{1,3}\s*[.)]\s*(\S.*?)\1(.*)$/.exec(s);
  if (m) return { title: m[2] ?? '', rest: m[3] ?? '', strong: true };
  // '1. **Titel** rest' and '1) __Titel__ rest'
  m = /^\d{1,3}\s*[.)]\s*(\*\*|__)(.+?)\1(.*)$/.exec(s);
  if (m) return { title: m[2] ?? '', rest: m[3] ?? '', strong: true };
  // '1. Titel' (needs a space, so '1.5 m Sofa' is not a title)
  m = /^\d{1,3}\s*[.)]\s+(.+)$/.exec(s);
  if (m) return { title: m[1] ?? '', rest: '', strong: heading };
  // '**Titel** rest'
  m = /^(\*\*|__)(.+?)\1(.*)$/.exec(s);
  if (m) return { title: m[2] ?? '', rest: m[3] ?? '', strong: heading };
  if (heading) return { title: s, rest: '', strong: true };
  return null;
}

/** Index of a Hauptartikel marker in the line, or -1. */
function hauptartikelStart(line: string): number {
  if (HAUPTARTIKEL_LINE.test(line)) return 0;
  return line.search(HAUPTARTIKEL_BRACKETED);
}

/** Reads the content of a Hauptartikel part that starts at the beginning of `part`. */
function readHauptartikel(part: string): string {
  const trimmed = part.replace(/^[-*•]\s+/, '');
  const bracketed = trimmed.startsWith('[');
  let content = trimmed.replace(HAUPTARTIKEL_MARKER, '');
  if (bracketed) {
    // The part ends at the bracket that closes '[Hauptartikel'; nested '[text](url)' links stay inside.
    let depth = 1;
    for (let i = 0; i < content.length; i++) {
      if (content[i] === '[') depth++;
      else if (content[i] === ']' && --depth === 0) {
        content = content.slice(0, i);
        break;
      }
    }
  }
  const link = /\[[^\]]*\]\(\s*<?(https?:\/\/[^)\s<>[\]]+)>?\s*\)/i.exec(content);
  return cleanHauptartikel(link ? (link[1] ?? '') : content);
}

/**
 * Hauptartikel content without markup. Brackets go so the printed '[Hauptartikel: ...]' reads back the same;
 * of '__' only the edges go, because a URL may contain it. Repeated until nothing changes ('*`*' hides a '**').
 */
function cleanHauptartikel(content: string): string {
  let clean = content;
  for (let pass = 0; pass < 10; pass++) {
    const next = collapseSpaces(clean.replace(/[[\]`]/g, '').replace(/\*\*/g, ''))
      .replace(/^<(.*)>$/, '$1')
      .replace(/^__|__$/g, '')
      .trim();
    if (next === clean) break;
    clean = next;
  }
  return clean;
}

/**
 * A description line without markdown noise, defused so it cannot read back as a separator or a heading title.
 * The printer uses it too, which is what makes print -> parse give back the same description.
 */
function cleanDescriptionLine(line: string): string {
  let clean = line;
  // Each pass can reveal new markup (removing '```' from '*```*' leaves '**'), so repeat until nothing changes.
  for (let pass = 0; pass < 10; pass++) {
    let next = collapseSpaces(
      stripBold(clean.replace(/`{3,}/g, '')).replace(/^\s*(?:Beschreibung\s*:\s*)+/i, ''),
    );
    if (startsSuggestion(next)) next = collapseSpaces(next.replace(/#/g, ''));
    // A bare 'Bild n:' is no description, and on re-reading it would become an image prefix.
    if (isSeparator(next) || BILD_PREFIX.exec(next)?.[0] === next) return '';
    if (next === clean) break;
    clean = next;
  }
  return clean;
}

/** Whether a line inside a description would start a new suggestion (a heading, maybe after 'Bild n:'). */
function startsSuggestion(line: string): boolean {
  if (acceptedTitle(line, false)) return true;
  const bild = BILD_PREFIX.exec(line);
  if (!bild) return false;
  const rest = line.slice(bild[0].length).trim();
  return (acceptedTitle(rest, false) ?? acceptedTitle(rewrap(bild[0], rest), false)) !== null;
}

/**
 * The description part of a line: cleaned and cut before any Hauptartikel marker. Repeated because cleaning can
 * reveal a marker ('[Hauptartikel__' only reads as one once the '__' is gone). The printer uses it too.
 */
function descriptionPart(text: string): string {
  let clean = cleanDescriptionLine(text);
  for (let start = hauptartikelStart(clean); start >= 0; start = hauptartikelStart(clean)) {
    clean = cleanDescriptionLine(clean.slice(0, start));
  }
  return clean;
}

/** Adds one line of body text (not a title) to the draft, splitting off a Hauptartikel part. */
function addBodyText(draft: Draft, text: string): void {
  const start = hauptartikelStart(text);
  const before = start < 0 ? text : text.slice(0, start);
  const description = descriptionPart(before);
  if (description) draft.description.push(description);
  // The first Hauptartikel wins; a second one is dropped so it cannot be mistaken for the first on re-reading.
  if (start >= 0 && draft.hauptartikel === undefined)
    draft.hauptartikel = readHauptartikel(text.slice(start));
}

/** The title on this line if it starts a suggestion here: strong titles always, weak ones when one is expected. */
function acceptedTitle(line: string, expectsTitle: boolean): TitleMatch | null {
  if (hauptartikelStart(line) === 0) return null;
  const title = matchTitle(line);
  if (!title || !(title.strong || expectsTitle) || LABEL.test(cleanTitle(title.title))) return null;
  return title;
}

/**
 * '### Bild 1: Titel' and '**Bild 1: Titel**' put the title's markup around the prefix; give it back to the
 * title so it still reads as a heading or bold title.
 */
function rewrap(prefix: string, rest: string): string {
  const heading = /^#{1,6}/.test(prefix) ? '# ' : '';
  const bold = /\*\*/.test(prefix) && /\*\*$/.test(rest) && !/\*\*/.test(rest.slice(0, -2)) ? '**' : '';
  return heading + bold + rest;
}

/** Text usable as a title without markup: not a Hauptartikel part and not a bare label. */
function isPlainTitle(text: string): boolean {
  return hauptartikelStart(text) < 0 && !LABEL.test(cleanTitle(text));
}

function startDraft(title: TitleMatch, imageNumber: number | undefined): Draft {
  const draft: Draft = {
    title: cleanTitle(title.title),
    imageNumber,
    description: [],
    hauptartikel: undefined,
  };
  const rest = title.rest.replace(/^[\s:\-–—*_]+/, '');
  if (rest) addBodyText(draft, rest);
  return draft;
}

function readBlock(lines: readonly string[]): Draft[] {
  const drafts: Draft[] = [];
  let current: Draft | undefined;
  let imageNumber: number | undefined;

  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;

    const expectsTitle = !current || current.hauptartikel !== undefined;
    const bild = BILD_PREFIX.exec(line);
    if (bild) {
      const n = Number(bild[1]);
      const valid = n >= 1 && n <= MAX_IMAGE_NUMBER ? n : undefined;
      const rest = line.slice(bild[0].length).trim();
      // A 'Bild n:' counts only on its own line or before a title; otherwise it is ordinary text.
      if (!rest) {
        imageNumber = valid;
        continue;
      }
      let title = acceptedTitle(rest, expectsTitle) ?? acceptedTitle(rewrap(bild[0], rest), expectsTitle);
      // 'Bild 2: Warme Beleuchtung' where a title is due: the plain text after the colon is the title.
      if (!title && expectsTitle && /[:\-–—]/.test(bild[0]) && isPlainTitle(rest)) {
        title = { title: rest, rest: '', strong: false };
      }
      if (title) {
        imageNumber = valid;
        current = startDraft(title, imageNumber);
        drafts.push(current);
        continue;
      }
    }

    if (hauptartikelStart(line) === 0) {
      if (current) addBodyText(current, line);
      continue;
    }

    const title = acceptedTitle(line, expectsTitle);
    if (title) {
      current = startDraft(title, imageNumber);
      drafts.push(current);
      continue;
    }

    // Text before the first title is a preamble ('Hier sind meine Vorschläge:') and is dropped.
    if (current) addBodyText(current, line);
  }
  return drafts;
}

function defaultId(index: number): string {
  return `suggestion-${index + 1}`;
}

/**
 * Reads suggestions from model output. Never throws: blocks without a title are skipped, a missing
 * Hauptartikel becomes ''. Suggestions start unselected; ids come from `makeId(index)`.
 */
export function parseSuggestions(text: string, makeId: (index: number) => string = defaultId): Suggestion[] {
  if (typeof text !== 'string') return [];
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .filter((l) => !/^\s*```/.test(l));

  const blocks: string[][] = [[]];
  for (const line of lines) {
    if (isSeparator(line)) blocks.push([]);
    else blocks[blocks.length - 1]?.push(line);
  }

  const drafts = blocks.flatMap(readBlock).filter((d) => d.title.length > 0);
  return drafts.map((d, index) => {
    const suggestion: Suggestion = {
      id: makeId(index),
      title: d.title,
      description: d.description.join('\n'),
      hauptartikelContent: d.hauptartikel ?? '',
      selected: false,
    };
    if (d.imageNumber !== undefined) suggestion.imageNumber = d.imageNumber;
    return suggestion;
  });
}

/** The prefix of a suggestion (or a ticked suggestion's line) that applies to the n-th photo only: 'Bild 2: '. */
export const imagePrefix = (n: number): string => `Bild ${n}: `;

/** How a ticked suggestion's line may write that prefix: 'Bild 2:', '**Bild 1:**', 'Bild 3 -', 'Bild 4)'. */
const LINE_IMAGE_PREFIX = /^\s*(?:\*\*)?\s*Bild\s+(\d{1,3})\s*(?:\*\*)?\s*[:.)\-–]\s*(?:\*\*)?\s*/i;

/** One ticked suggestion's line as one image reads it: without its 'Bild n:' prefix, and where the request had it. */
export interface ImageLine {
  text: string;
  /** Its index in the request's lines, so what was applied can be named in the answer. */
  index: number;
}

/**
 * The ticked suggestions' lines for image `index` (0-based): lines without a 'Bild n:' prefix apply to every
 * image, lines with one only to image n (prefix removed).
 */
export function linesForImage(lines: readonly string[], index: number): ImageLine[] {
  const mine: ImageLine[] = [];
  lines.forEach((line, at) => {
    const prefix = LINE_IMAGE_PREFIX.exec(line);
    if (prefix && Number(prefix[1]) !== index + 1) return;
    mine.push({ text: (prefix ? line.slice(prefix[0].length) : line).trim(), index: at });
  });
  return mine.filter((line) => line.text.length > 0);
}

/**
 * Writes suggestions in the canonical text form, which parseSuggestions reads back to the same titles,
 * descriptions, Hauptartikel and image numbers. Titles and Hauptartikel are put on one line; empty description
 * lines are left out. An empty title is written as 'Vorschlag n' so the block is not lost.
 */
export function printSuggestions(suggestions: readonly Suggestion[]): string {
  return suggestions
    .map((s, i) => {
      const title = cleanTitle(s.title) || `Vorschlag ${i + 1}`;
      const n = s.imageNumber;
      const prefix =
        n !== undefined && Number.isInteger(n) && n >= 1 && n <= MAX_IMAGE_NUMBER ? imagePrefix(n) : '';
      const lines = [`${prefix}${i + 1}. **${title}**`];
      for (const line of s.description.split(/\r\n?|\n/)) {
        const clean = descriptionPart(line);
        if (clean) lines.push(clean);
      }
      const hauptartikel = cleanHauptartikel(s.hauptartikelContent);
      if (hauptartikel) lines.push(`[Hauptartikel: ${hauptartikel}]`);
      return lines.join('\n');
    })
    .join('\n\n---\n\n');
}
