// Operators' tool for repairing the listing importer when a platform changes its pages:
//   npm run listing:extract -- <saved-page.html> <listing-url>
//   node --import tsx scripts/listing-extract.ts <saved-page.html> <listing-url>
// Runs the same extractor as the API on a saved page and prints a short diagnosis, then, as its last line,
// the JSON {platform, images} the API would download (capped), or {platform, images: [], problem, error}.
// Exit code 0 with photos, 1 without, 2 for wrong arguments or an unreadable file.
import { readFileSync } from 'node:fs';
import { readListingInput } from '../core/listing/detectPlatform';
import { extractListing } from '../server/services/listing/extract';
import { listingErrorText } from '../web/api/listing';

function main(args: string[]): number {
  const [file, url] = args;
  if (file === undefined || url === undefined) {
    console.error('Usage: npm run listing:extract -- <saved-page.html> <listing-url>');
    return 2;
  }
  const input = readListingInput(url);
  if (!input.ok) {
    console.error(`${input.error}: ${listingErrorText(input.error, input.platform)}`);
    return 2;
  }
  let html: string;
  try {
    html = readFileSync(file, 'utf8');
  } catch (error) {
    console.error(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }

  const result = extractListing(input.platform, html, input.pageUrl);
  console.log(`platform: ${input.platform}, page: ${input.pageUrl}, html: ${html.length} characters`);
  if ('problem' in result) {
    const code = {
      captcha: 'CAPTCHA_REQUIRED',
      notFound: 'LISTING_NOT_FOUND',
      noImages: 'NO_IMAGES_FOUND',
    } as const;
    const error = listingErrorText(code[result.problem], input.platform);
    console.log(`no photos: ${result.problem} (${error})`);
    console.log(JSON.stringify({ platform: input.platform, images: [], problem: result.problem, error }));
    return 1;
  }
  console.log(`photos: ${result.images.length} of ${result.found} found, from: ${result.sources.join(', ')}`);
  console.log(JSON.stringify({ platform: input.platform, images: result.images }));
  return 0;
}

process.exitCode = main(process.argv.slice(2));
