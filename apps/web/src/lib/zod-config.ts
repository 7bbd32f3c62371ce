import { z } from 'zod';

// zod compiles fast parsers with `new Function`, which our Content-Security-Policy (no
// 'unsafe-eval') blocks and reports as a console error; the interpreted path is just as correct.
// Imported by every module that parses (api-client before its first parse, the forms), not by
// the entry: zod is not part of the first load of a page that calls no API.
z.config({ jitless: true });
