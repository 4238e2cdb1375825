// @ts-check
// Debian's Chromium, shared by the browser tests and the bench. Without the background-networking flags it
// floods the closed network with refused connections.
export const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
