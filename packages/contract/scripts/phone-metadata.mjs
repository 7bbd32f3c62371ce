// Writes three files from the installed libphonenumber-js, for the supported countries only:
// - src/phone-metadata.json: its "min" metadata cut down to the supported
//   calling codes (every territory sharing one of those codes stays, so a number parses exactly
//   as with the full set). The full set is 83 KB that every page with a phone field would
//   download; this is 35 KB.
// - src/phone-examples.json: each country's example mobile number in its national format, the
//   phone field's placeholder, shown before the formatting rules have loaded.
// - src/phone-mobile-lengths.json: each country's longest mobile number (national significant
//   digits), where the phone field stops taking digits. The "min" metadata knows only the
//   longest number of any kind (Australia 12, for numbers no one texts); the mobile metadata
//   that knows mobiles apart is 99 KB, for one number per country.
// Run after upgrading libphonenumber-js: `node packages/contract/scripts/phone-metadata.mjs`;
// a contract test fails while either file is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { getExampleNumber } from 'libphonenumber-js';
import { Metadata } from 'libphonenumber-js/core';

const require = createRequire(import.meta.url);
const source = readFileSync(fileURLToPath(new URL('../src/countries.ts', import.meta.url)), 'utf8');
const full = require('libphonenumber-js/metadata.min.json');
const examples = require('libphonenumber-js/mobile/examples');
const mobile = require('libphonenumber-js/metadata.mobile.json');

function supportedIsos() {
  return [...source.matchAll(/iso: '([A-Z]{2})'/g)].map((m) => m[1]);
}

export function subsetPhoneMetadata() {
  const codes = [...new Set([...source.matchAll(/dialCode: '\+(\d+)'/g)].map((m) => m[1]))].sort();
  const country_calling_codes = Object.fromEntries(
    codes.map((code) => [code, full.country_calling_codes[code]]),
  );
  const isos = Object.values(country_calling_codes).flat();
  const pick = (from) => Object.fromEntries(isos.filter((iso) => iso in from).map((iso) => [iso, from[iso]]));
  return { version: full.version, country_calling_codes, countries: pick(full.countries), nonGeographic: {} };
}

export function formattedExamples() {
  return Object.fromEntries(
    supportedIsos().map((iso) => [iso, getExampleNumber(iso, examples)?.formatNational() ?? '']),
  );
}

export function mobileMaxLengths() {
  const metadata = new Metadata(mobile);
  return Object.fromEntries(
    supportedIsos().map((iso) => {
      metadata.selectNumberingPlan(iso);
      const plan = metadata.numberingPlan;
      const lengths = plan.type('MOBILE')?.possibleLengths() ?? plan.possibleLengths();
      return [iso, Math.max(...lengths)];
    }),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const write = (name, value) =>
    writeFileSync(fileURLToPath(new URL(`../src/${name}`, import.meta.url)), `${JSON.stringify(value)}\n`);
  write('phone-metadata.json', subsetPhoneMetadata());
  write('phone-examples.json', formattedExamples());
  write('phone-mobile-lengths.json', mobileMaxLengths());
  console.log('Wrote src/phone-metadata.json, src/phone-examples.json and src/phone-mobile-lengths.json');
}
