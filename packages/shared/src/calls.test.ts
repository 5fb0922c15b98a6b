import { describe, expect, it } from 'vitest';
import { callLineText, formatCallDuration, tuneOpusSdp } from './calls.js';

const offer = [
  'v=0',
  'o=- 1 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111 63 0',
  'c=IN IP4 0.0.0.0',
  'a=rtpmap:111 opus/48000/2',
  'a=fmtp:111 minptime=10;useinbandfec=0;stereo=1',
  'a=rtpmap:63 red/48000/2',
  'a=fmtp:63 111/111',
  'a=rtpmap:0 PCMU/8000',
  'a=ptime:20',
  'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
  'a=sctp-port:5000',
  '',
].join('\r\n');

describe('tuneOpusSdp', () => {
  const tuned = tuneOpusSdp(offer, { maxBitrate: 12000, ptimeMs: 60 });

  it('drops the transport-wide congestion feedback and its header extension', () => {
    const withCc = offer.replace(
      'a=rtpmap:111 opus/48000/2\r\n',
      'a=rtpmap:111 opus/48000/2\r\na=rtcp-fb:111 transport-cc\r\na=extmap:3 http://www.ietf.org/id/draft-holmer-rmcat-transport-wide-cc-extensions-01\r\n',
    );
    const out = tuneOpusSdp(withCc);
    expect(out).not.toContain('transport-cc');
    expect(out).not.toContain('transport-wide-cc');
    expect(out).toContain('a=rtpmap:111 opus/48000/2\r\n');
  });

  it('asks Opus for mono, in-band FEC, DTX and a modest bitrate, keeping its other parameters', () => {
    expect(tuned).toContain(
      'a=fmtp:111 minptime=10;useinbandfec=1;stereo=0;sprop-stereo=0;usedtx=1;maxaveragebitrate=12000\r\n',
    );
    // Another codec's fmtp is left alone.
    expect(tuned).toContain('a=fmtp:63 111/111\r\n');
  });

  it('sets one ptime in the audio section only, and keeps CRLF line ends', () => {
    expect(tuned.match(/a=ptime:/g)).toHaveLength(1);
    const audio = tuned.slice(0, tuned.indexOf('m=application'));
    expect(audio).toContain('a=ptime:60\r\n');
    expect(tuned.endsWith('a=sctp-port:5000\r\n')).toBe(true);
    expect(tuned.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('is idempotent and leaves an SDP without Opus as it is', () => {
    expect(tuneOpusSdp(tuned, { maxBitrate: 12000, ptimeMs: 60 })).toBe(tuned);
    const noOpus = 'v=0\r\nm=audio 9 RTP/AVP 0\r\na=rtpmap:0 PCMU/8000\r\n';
    expect(tuneOpusSdp(noOpus)).toBe(noOpus);
  });
});

describe("a call's line", () => {
  it('says the duration of a call that took place, and the others by their outcome', () => {
    expect(callLineText('ended', 180)).toBe('Appel vocal · 3 min');
    expect(callLineText('ended', 45)).toBe('Appel vocal · 45 s');
    expect(callLineText('missed', null)).toBe('Appel manqué');
    expect(callLineText('busy', null)).toBe('Appel manqué');
    expect(callLineText('declined', null)).toBe('Appel refusé');
    expect(callLineText('cut', null)).toBe('Appel interrompu');
    expect(formatCallDuration(89)).toBe('1 min');
    expect(formatCallDuration(90)).toBe('2 min');
  });
});
