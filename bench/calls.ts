/**
 * Data a voice call costs each member (issue 30): two headless Chromium pages with a fake
 * microphone (Chromium's beep) call each other through a local coturn (relay only, started here
 * with its own configuration in a temporary folder), with the app's call settings: relay-only
 * ICE, credentials signed as the server signs them (turn.ts), Opus tuned by the shared
 * tuneOpusSdp (mono, in-band FEC, DTX, 12 kbit/s, 60 ms packets) and the sender capped at the
 * same bitrate. After the call has run (60 s by default: --seconds N), it prints per member the
 * bytes of the selected candidate pair (getStats: RTP, RTCP, SRTP, DTLS and STUN, both ways)
 * and an estimate on the wire (each packet's IPv4, UDP and TURN channel headers added), per
 * minute, against the 250 KB budget. Counting starts after a few seconds of call, once Opus has
 * settled at its bitrate.
 *   npm run bench:calls [-- --seconds 60]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from 'playwright-core';
import {
  CALL_BYTES_PER_MINUTE_BUDGET,
  CALL_OPUS_MAX_BITRATE,
  CALL_OPUS_PTIME_MS,
  tuneOpusSdp,
} from '@app/shared';
import { HEADLESS_CHROMIUM_ARGS } from '../e2e/support/chromium-flags.js';
import { startCoturn } from '../packages/server/test/coturn.js';
import { turnCredentials } from '../packages/server/src/modules/calls/turn.js';

// Benches, like tests, read the environment.
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
function arg(name: string, fallback: number) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
const SECONDS = arg('seconds', 60);
/** To try other settings than the app's: --bitrate 10000 --ptime 120. */
const BITRATE = arg('bitrate', CALL_OPUS_MAX_BITRATE);
const PTIME = arg('ptime', CALL_OPUS_PTIME_MS);
/** Seconds of call before counting starts. */
const WARM_UP_S = 5;
/** IPv4 (20) + UDP (8) + TURN ChannelData (4) bytes around each packet the pair counts. */
const WIRE_OVERHEAD_PER_PACKET = 32;

interface PairStats {
  sent: number;
  received: number;
  packetsSent: number;
  packetsReceived: number;
  localType: string | null;
  audioSent: number;
  audioReceived: number;
}

/** Runs in each page: one relay-only peer connection with the microphone, tuned like the app. */
const PAGE_SETUP = `
  window.setUpCall = async (iceServers, maxBitrate) => {
    const mic = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1 }, video: false });
    const pc = new RTCPeerConnection({ iceServers, iceTransportPolicy: 'relay', bundlePolicy: 'max-bundle', rtcpMuxPolicy: 'require' });
    window.pc = pc;
    window.candidates = [];
    pc.onicecandidate = (e) => { if (e.candidate) window.candidates.push(e.candidate.toJSON()); };
    for (const track of mic.getAudioTracks()) {
      const sender = pc.addTrack(track, mic);
      const params = sender.getParameters();
      if (params.encodings && params.encodings[0]) {
        params.encodings[0].maxBitrate = maxBitrate;
        await sender.setParameters(params).catch(() => undefined);
      }
    }
    pc.ontrack = (e) => { const a = new Audio(); a.srcObject = e.streams[0]; a.play().catch(() => {}); };
  };
  window.readPair = async () => {
    const stats = await window.pc.getStats();
    let pairId; let audioSent = 0; let audioReceived = 0;
    stats.forEach((s) => {
      if (s.type === 'transport' && s.selectedCandidatePairId) pairId = s.selectedCandidatePairId;
      if (s.type === 'outbound-rtp' && s.kind === 'audio') audioSent += s.bytesSent + (s.headerBytesSent || 0);
      if (s.type === 'inbound-rtp' && s.kind === 'audio') audioReceived += s.bytesReceived + (s.headerBytesReceived || 0);
    });
    const pair = pairId && stats.get(pairId);
    const local = pair && stats.get(pair.localCandidateId);
    return {
      sent: pair ? pair.bytesSent : 0, received: pair ? pair.bytesReceived : 0,
      packetsSent: pair ? pair.packetsSent : 0, packetsReceived: pair ? pair.packetsReceived : 0,
      localType: local ? local.candidateType : null, audioSent, audioReceived,
    };
  };
`;

const tune = (sdp: string) => tuneOpusSdp(sdp, { maxBitrate: BITRATE, ptimeMs: PTIME });

async function describeAndSet(page: Page, kind: 'offer' | 'answer') {
  const sdp = await page.evaluate(
    `window.pc.${kind === 'offer' ? 'createOffer' : 'createAnswer'}().then((d) => d.sdp)`,
  );
  const tuned = tune(String(sdp));
  await page.evaluate(
    `window.pc.setLocalDescription({ type: ${JSON.stringify(kind)}, sdp: ${JSON.stringify(tuned)} })`,
  );
  return tuned;
}

async function connect(a: Page, b: Page) {
  const offer = await describeAndSet(a, 'offer');
  await b.evaluate(
    `window.pc.setRemoteDescription({ type: 'offer', sdp: ${JSON.stringify(tune(offer))} })`,
  );
  const answer = await describeAndSet(b, 'answer');
  await a.evaluate(
    `window.pc.setRemoteDescription({ type: 'answer', sdp: ${JSON.stringify(tune(answer))} })`,
  );
  // Trickle the relay candidates across until both sides are connected.
  const sentCount = new Map<Page, number>([
    [a, 0],
    [b, 0],
  ]);
  const deadline = Date.now() + 30_000;
  for (;;) {
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const all = (await from.evaluate('window.candidates')) as object[];
      for (const c of all.slice(sentCount.get(from)))
        await to.evaluate(`window.pc.addIceCandidate(${JSON.stringify(c)})`);
      sentCount.set(from, all.length);
    }
    const states = await Promise.all([a, b].map((p) => p.evaluate('window.pc.connectionState')));
    if (states.every((s) => s === 'connected')) return;
    if (Date.now() > deadline) throw new Error(`call not connected: ${states.join(', ')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** An empty page on 127.0.0.1: a secure context, where the microphone may be opened. */
async function blankPageServer() {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>appel</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

async function main() {
  const coturn = await startCoturn();
  const blank = await blankPageServer();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      ...HEADLESS_CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  try {
    const pages: Page[] = [];
    for (const [i, name] of ['A', 'B'].entries()) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(blank.url);
      await page.evaluate(PAGE_SETUP);
      const turn = turnCredentials(
        { urls: [coturn.url], secret: coturn.secret },
        i + 1,
        new Date(),
      );
      const ice = [{ urls: turn.urls, username: turn.username, credential: turn.credential }];
      await page.evaluate(`window.setUpCall(${JSON.stringify(ice)}, ${BITRATE})`);
      pages.push(page);
      console.log(`membre ${name} : micro simulé, identifiants TURN ${turn.username}`);
    }
    const [a, b] = pages as [Page, Page];
    await connect(a, b);
    await new Promise((r) => setTimeout(r, WARM_UP_S * 1000));
    const start = (await Promise.all(
      pages.map((p) => p.evaluate('window.readPair()')),
    )) as PairStats[];
    console.log(`appel établi par le relais ; mesure pendant ${SECONDS} s…`);
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const end = (await Promise.all(
      pages.map((p) => p.evaluate('window.readPair()')),
    )) as PairStats[];
    const perMinute = 60 / SECONDS;
    let over = false;
    console.log(
      `\nOpus ${BITRATE / 1000} kbit/s, paquets de ${PTIME} ms, relais seul ; budget ${kb(CALL_BYTES_PER_MINUTE_BUDGET)} par minute et par membre (envoyé + reçu)`,
    );
    for (const [i, name] of ['A', 'B'].entries()) {
      const s = start[i] as PairStats;
      const e = end[i] as PairStats;
      const pair = e.sent - s.sent + (e.received - s.received);
      const packets = e.packetsSent - s.packetsSent + (e.packetsReceived - s.packetsReceived);
      const wire = pair + packets * WIRE_OVERHEAD_PER_PACKET;
      const audio = e.audioSent - s.audioSent + (e.audioReceived - s.audioReceived);
      over ||= wire * perMinute > CALL_BYTES_PER_MINUTE_BUDGET;
      console.log(
        `membre ${name} (chemin ${e.localType}) : ${kb(pair * perMinute)}/min par getStats (paire ICE), ` +
          `${kb(wire * perMinute)}/min sur le réseau (en-têtes IP/UDP/TURN comptés), ` +
          `dont audio RTP ${kb(audio * perMinute)}/min ; ${Math.round((packets * perMinute) / 60)} paquets/s`,
      );
    }
    console.log(over ? '\nAU-DESSUS du budget' : '\ndans le budget');
    process.exitCode = over ? 1 : 0;
  } finally {
    await browser.close();
    await coturn.close();
    blank.close();
  }
}

await main();
