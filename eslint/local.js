// The project's own ESLint rules (no import plugin is installed): `local/no-cycle` and `local/zones`.
import { noCycle } from './no-cycle.js';
import { zones } from './zones.js';

export default { rules: { 'no-cycle': noCycle, zones } };
