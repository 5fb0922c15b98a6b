/**
 * Voice calls (issue 30): the rules' constants, the French texts, the shapes of a call on the
 * wire (answers and realtime events), and the one place that tunes Opus in an SDP (mono,
 * in-band forward error correction, a modest bitrate, longer packets), used by the app and the
 * calls bench alike.
 */
import { z } from 'zod';

/** A call rings this long on every device of the callee, then it is missed. */
export const CALL_RING_S = 30;
/** Unanswered calls (missed, declined, busy) to the same member in an hour, at most. */
export const CALL_UNANSWERED_MAX_PER_HOUR = 3;
/** How long a TURN credential signed by the app stays valid. */
export const TURN_CREDENTIAL_TTL_S = 3600;
/** Opus's average bitrate (bit/s) asked of the other side: mono speech with FEC. */
export const CALL_OPUS_MAX_BITRATE = 12_000;
/**
 * Opus audio per packet, in ms: fewer packets, so less header overhead through the relay
 * (bench:calls: at 60 ms a minute cost each member about 247 KB on the wire, at 120 ms 180 KB).
 */
export const CALL_OPUS_PTIME_MS = 120;
/** A member's budget for a minute of call, both ways, in bytes (issue 30). */
export const CALL_BYTES_PER_MINUTE_BUDGET = 250 * 1024;

export const CALL_STATUSES = [
  'ringing',
  'accepted',
  'declined',
  'missed',
  'busy',
  'ended',
  'cut',
] as const;
export type TCallStatus = (typeof CALL_STATUSES)[number];
/** The outcomes a call's line in the chat shows (`content` of a message of type `call`). */
export type TCallOutcome = Exclude<TCallStatus, 'ringing' | 'accepted'>;

export const CALL_MSG = {
  notFound: 'Appel introuvable',
  notOpen:
    'Vous pourrez appeler ce membre quand la discussion sera ouverte des deux côtés : un match, une réponse ou un déverrouillage.',
  blocked: 'Vous ne pouvez pas appeler ce membre.',
  held: 'Vos appels sont suspendus le temps que notre équipe examine votre compte.',
  callsOff: "Ce membre ne reçoit pas d'appels.",
  tooMany: (max: number) =>
    `Vous avez déjà appelé ce membre ${max} fois sans réponse cette heure-ci. Laissez-lui un message et réessayez plus tard.`,
  youAreBusy: 'Vous êtes déjà en communication.',
  calleeBusy: 'Ce membre est déjà en communication. Réessayez plus tard.',
  over: 'Cet appel est terminé.',
  unavailable: 'Les appels ne sont pas disponibles pour le moment.',
  started: 'Appel en cours…',
  done: 'Appel terminé.',
} as const;

/** The texts of a call's line in the chat and of its notifications. */
export const CALL_LINE = {
  voice: 'Appel vocal',
  missed: 'Appel manqué',
  declined: 'Appel refusé',
  cut: 'Appel interrompu',
  incoming: 'Appel entrant',
} as const;

/** « 3 min », « 45 s »: a call's duration on its line. */
export function formatCallDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  return `${Math.round(s / 60)} min`;
}

/** A call's line as the chat shows it: « Appel vocal · 3 min », « Appel manqué »… */
export function callLineText(outcome: string, durationS: number | null): string {
  if (outcome === 'ended') return `${CALL_LINE.voice} · ${formatCallDuration(durationS ?? 0)}`;
  if (outcome === 'declined') return CALL_LINE.declined;
  if (outcome === 'cut') return CALL_LINE.cut;
  return CALL_LINE.missed;
}

const lazySchema = <T>(build: () => T): T => build();

/** A call as its two members see it; never an address, a device or a session. */
export const ZCall = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.number(),
    chat_id: z.number(),
    caller_id: z.number(),
    callee_id: z.number(),
    status: z.enum(CALL_STATUSES),
    created_at: z.string(),
    answered_at: z.string().nullable(),
    ended_at: z.string().nullable(),
    /** Seconds between the answer and the end, once ended. */
    duration: z.number().nullable(),
  }),
);
export type TCall = z.infer<typeof ZCall>;

/** The other member of a call, as the call screen shows them. */
export const ZCallPeer = /* @__PURE__ */ lazySchema(() =>
  z.object({ id: z.number(), name: z.string(), photo: z.string().nullable() }),
);
export type TCallPeer = z.infer<typeof ZCallPeer>;

/** A call with the other member (the caller for the callee, the callee for the caller). */
export const ZCallWithPeer = /* @__PURE__ */ lazySchema(() =>
  z.object({ call: ZCall, peer: ZCallPeer }),
);
export type TCallWithPeer = z.infer<typeof ZCallWithPeer>;

/** Short-lived TURN credentials (coturn's shared-secret scheme) and the relay's addresses. */
export const ZTurnCredentials = /* @__PURE__ */ lazySchema(() =>
  z.object({
    urls: z.array(z.string()),
    username: z.string(),
    credential: z.string(),
    ttl: z.number(),
  }),
);
export type TTurnCredentials = z.infer<typeof ZTurnCredentials>;

/** A WebRTC signal between the two devices of a call: a description or an ICE candidate. */
export interface TCallSignal {
  call_id: number;
  description?: { type: 'offer' | 'answer'; sdp: string };
  candidate?: {
    candidate: string;
    sdpMid?: string | null;
    sdpMLineIndex?: number | null;
  } | null;
}

/** The status of a call changed; `answered_here` tells the answering device it is the one. */
export interface TCallUpdate {
  call: TCall;
  /** Which member's action it was (hang-up, answer, decline), or null for the server's own. */
  by: number | null;
}

/**
 * Tunes the Opus lines of an SDP: mono, in-band FEC, DTX, the average bitrate and the packet
 * length asked of the other side, without transport-wide congestion feedback. Applied to each description before it is set and sent; what
 * the other side sends follows what this side asked.
 */
export function tuneOpusSdp(
  sdp: string,
  opts: { maxBitrate?: number; ptimeMs?: number } = {},
): string {
  const bitrate = opts.maxBitrate ?? CALL_OPUS_MAX_BITRATE;
  const ptime = opts.ptimeMs ?? CALL_OPUS_PTIME_MS;
  const eol = sdp.includes('\r\n') ? '\r\n' : '\n';
  const lines = sdp.split(eol).filter((line) => line !== '');
  const opus = new Set(
    lines.flatMap((line) => /^a=rtpmap:(\d+) opus\/48000/i.exec(line)?.[1] ?? []),
  );
  if (opus.size === 0) return sdp;
  const wanted: Record<string, string> = {
    stereo: '0',
    'sprop-stereo': '0',
    useinbandfec: '1',
    usedtx: '1',
    maxaveragebitrate: String(bitrate),
  };
  const out: string[] = [];
  let inAudio = false;
  const endSection = () => {
    if (inAudio) out.push(`a=ptime:${ptime}`);
  };
  for (const line of lines) {
    if (line.startsWith('m=')) {
      endSection();
      inAudio = line.startsWith('m=audio');
    }
    // Our own ptime line closes the audio section; the other side's is dropped.
    if (inAudio && line.startsWith('a=ptime:')) continue;
    // No transport-wide congestion feedback: for one fixed, modest audio stream it only sends
    // a stream of RTCP packets each way (about 15 a second), a third of a call's data.
    if (
      /^a=rtcp-fb:\d+ transport-cc$/.test(line) ||
      /^a=extmap:\d+ \S*transport-wide-cc/.test(line)
    )
      continue;
    const fmtp = /^a=fmtp:(\d+) (.*)$/.exec(line);
    if (fmtp?.[1] && opus.has(fmtp[1])) {
      const params = new Map<string, string>();
      for (const part of (fmtp[2] ?? '').split(';')) {
        const [k, v] = part.split('=');
        if (k?.trim()) params.set(k.trim(), (v ?? '').trim());
      }
      for (const [k, v] of Object.entries(wanted)) params.set(k, v);
      out.push(`a=fmtp:${fmtp[1]} ${[...params].map(([k, v]) => `${k}=${v}`).join(';')}`);
      continue;
    }
    out.push(line);
  }
  endSection();
  return out.join(eol) + eol;
}
