/**
 * The flags of every headless Chromium we drive (e2e flows, benches): no sandbox (root in CI),
 * no GPU, no QUIC, and none of the browser's own background traffic, which would blur what the
 * app itself sends.
 */
export const HEADLESS_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
