// @ts-check
// The environment of the production builds that tests and the bench make (scripts/test/e2e-real.mjs, scripts/build/build.mjs,
// scripts/bench/bench.mjs): a real backend address plus contacts and addresses that pass the launch check
// (vite.config.ts refuses example values in a production build). They look real but are reserved test
// names (RFC 2606 .test), so nothing built for a test can point at someone's real site.

/** @param {string} apiUrl the backend the build talks to */
export function prodBuildEnv(apiUrl) {
  return {
    VITE_API_URL: apiUrl,
    VITE_SITE_URL: 'https://www.passaporte-italiano.test',
    VITE_SUPPORT_EMAIL: 'atendimento@passaporte-italiano.test',
    VITE_SUPPORT_WHATSAPP: '+55 11 91234-5678',
  };
}
