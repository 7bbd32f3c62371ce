// Scale: whether the cost of a call grows with the data behind it. billing/info for a person with
// a day of usage and one with a year (the same population); integrations/status and a sign-in
// attempt with the 1,000 people and then 100,000 in the same database.

import { describe, measureBare } from './api.mjs';
import { config } from './config.mjs';
import { DAY_USER, MONTH_USER, YEAR_USER } from './identities.mjs';
import { measure } from './load.mjs';
import { signedIn, signedInAs, wrongCodes } from './scenarios.mjs';
import { seed } from './seeding.mjs';

/**
 * The bare reference is measured before the first cases and after the last: the database grows
 * in between, and so may the machine's other load, which the two controls show.
 */
export async function measureScale(
  app,
  { bare, dataDir, users = config.users, scaleUsers = config.scaleUsers },
) {
  const result = { users, scaleUsers };
  result.controlBefore = await measureBare(bare);
  result.billingOneDay = describe(
    'billing/info, 1 day of usage',
    await measure(signedInAs(app.base, '/v1/billing/info', DAY_USER)),
  );
  result.billingOneMonth = describe(
    'billing/info, 1 month of usage',
    await measure(signedInAs(app.base, '/v1/billing/info', MONTH_USER)),
  );
  result.billingOneYear = describe(
    'billing/info, 1 year of usage',
    await measure(signedInAs(app.base, '/v1/billing/info', YEAR_USER)),
  );

  // Every number gets a fresh code, so each wrong try is a real comparison (five per code).
  await seed([{ codes: [0, users] }], { dataDir });
  const small = `${users.toLocaleString('en')} people`;
  result.integrationsSmall = describe(
    `integrations/status, ${small}`,
    await measure(signedIn(app.base, '/v1/integrations/status', [0, users])),
  );
  result.verifySmall = describe(
    `verify-code (wrong), ${small}`,
    await measure(wrongCodes(app.base, [0, users])),
  );

  const started = performance.now();
  const grown = await seed([{ users: [users, scaleUsers], lean: true }, { codes: [0, scaleUsers] }], {
    dataDir,
  });
  result.seedSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
  console.log(`  seeded ${(scaleUsers - users).toLocaleString('en')} more people in ${result.seedSeconds} s`);
  result.seeded = grown.seeded;
  const large = `${scaleUsers.toLocaleString('en')} people`;
  result.integrationsLarge = describe(
    `integrations/status, ${large}`,
    await measure(signedIn(app.base, '/v1/integrations/status', [0, scaleUsers])),
  );
  result.verifyLarge = describe(
    `verify-code (wrong), ${large}`,
    await measure(wrongCodes(app.base, [0, scaleUsers])),
  );
  result.billingOneYearLarge = describe(
    `billing/info, 1 year, ${large}`,
    await measure(signedInAs(app.base, '/v1/billing/info', YEAR_USER)),
  );
  result.controlAfter = await measureBare(bare);
  return result;
}
