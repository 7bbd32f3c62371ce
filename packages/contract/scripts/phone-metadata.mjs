// Writes src/phone-metadata.json: libphonenumber-js's "min" metadata and mobile examples cut
// down to the calling codes of the supported countries (every territory sharing one of those
// codes stays, so a number parses exactly as with the full set). The full set is 83 KB that
// every page with a phone field would download; this is a tenth of it. Run after upgrading
// libphonenumber-js: `node packages/contract/scripts/phone-metadata.mjs`; a contract test
// fails while the file is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const out = fileURLToPath(new URL('../src/phone-metadata.json', import.meta.url));

/** The supported dial codes, read from countries.ts so the list is written once. */
function supportedCallingCodes() {
  const source = readFileSync(fileURLToPath(new URL('../src/countries.ts', import.meta.url)), 'utf8');
  return [...new Set([...source.matchAll(/dialCode: '\+(\d+)'/g)].map((m) => m[1]))].sort();
}

export function subsetPhoneMetadata() {
  const full = require('libphonenumber-js/metadata.min.json');
  const examples = require('libphonenumber-js/mobile/examples');
  const codes = supportedCallingCodes();
  const country_calling_codes = Object.fromEntries(
    codes.map((code) => [code, full.country_calling_codes[code]]),
  );
  const isos = Object.values(country_calling_codes).flat();
  const pick = (source) =>
    Object.fromEntries(isos.filter((iso) => iso in source).map((iso) => [iso, source[iso]]));
  return {
    metadata: {
      version: full.version,
      country_calling_codes,
      countries: pick(full.countries),
      nonGeographic: {},
    },
    examples: pick(examples.default ?? examples),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(out, `${JSON.stringify(subsetPhoneMetadata())}\n`);
  console.log(`Wrote ${out}`);
}
