// Every form's zod, configured once: import `z` from here, not from 'zod'.
// jitless: zod 4 otherwise probes `new Function('')` to compile fast object parsers. The site's
// Content-Security-Policy (scripts/build/csp.mjs) has no 'unsafe-eval', so the probe is refused and the browser
// reports a violation, even though zod catches the error and parses without the compiled path anyway.
import { config } from 'zod';

config({ jitless: true });

export { z } from 'zod';
