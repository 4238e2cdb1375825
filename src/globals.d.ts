/** True when the build has no VITE_API_URL: the in-browser demo backend is included (vite.config.ts). */
declare const __DEMO__: boolean;
