import { z } from 'zod';

// zod compiles fast parsers with `new Function`, which our Content-Security-Policy (no
// 'unsafe-eval') blocks and reports as a console error; the interpreted path is just as correct.
z.config({ jitless: true });
