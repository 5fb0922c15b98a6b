/**
 * Voice recording (spec 2 §4): idle → recording (a timer in seconds) → handed over (the outbox
 * keeps the clip until the server has it, even offline) or cancelled.
 * webm when the browser records it, else another format it can, else wav. The microphone is
 * released as soon as recording ends.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { AUDIO_MAX_SECONDS } from '@app/shared';
import { toast } from '../../ui/toast';
import { voiceFormat } from './media';
import { CHAT_TEXT } from '../../lib/chats/texts';

export type Recording =
  { kind: 'idle' } | { kind: 'recording'; seconds: number } | { kind: 'sending' };

export interface VoiceClip {
  blob: Blob;
  seconds: number;
  name: string;
}

/** A voice message rarely needs more: keeps uploads small on mobile data. */
const VOICE_BITS_PER_SECOND = 24_000;

interface Session {
  recorder: MediaRecorder;
  stream: MediaStream;
  chunks: Blob[];
  startedAt: number;
  timer: ReturnType<typeof setInterval>;
  name: string;
}

export function useVoiceRecorder(onClip: (clip: VoiceClip) => unknown) {
  const [state, setState] = useState<Recording>({ kind: 'idle' });
  const session = useRef<Session | null>(null);
  const latest = useRef(onClip);
  useEffect(() => {
    latest.current = onClip;
  });

  const release = useCallback(() => {
    const s = session.current;
    session.current = null;
    if (!s) return null;
    clearInterval(s.timer);
    s.stream.getTracks().forEach((t) => t.stop());
    return s;
  }, []);

  const finish = useCallback(
    (send: boolean) => {
      const s = session.current;
      if (!s) return;
      const seconds = (Date.now() - s.startedAt) / 1000;
      s.recorder.onstop = () => {
        release();
        if (!send) return setState({ kind: 'idle' });
        const type = s.recorder.mimeType || (s.name.endsWith('.wav') ? 'audio/wav' : 'audio/webm');
        const blob = new Blob(s.chunks, { type });
        setState({ kind: 'sending' });
        void Promise.resolve()
          .then(() => latest.current({ blob, seconds, name: s.name }))
          .finally(() => setState({ kind: 'idle' }));
      };
      if (s.recorder.state !== 'inactive') s.recorder.stop();
      else s.recorder.onstop(new Event('stop'));
    },
    [release],
  );

  const start = useCallback(async () => {
    if (session.current) return;
    let stream: MediaStream;
    try {
      if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
        throw new Error('unsupported');
      }
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      toast.error(CHAT_TEXT.micError);
      return;
    }
    const format = voiceFormat();
    const recorder = new MediaRecorder(stream, {
      ...(format.mime ? { mimeType: format.mime } : {}),
      audioBitsPerSecond: VOICE_BITS_PER_SECOND,
    });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    const startedAt = Date.now();
    const timer = setInterval(() => {
      const seconds = Math.floor((Date.now() - startedAt) / 1000);
      setState((prev) =>
        prev.kind === 'recording' && prev.seconds === seconds
          ? prev
          : { kind: 'recording', seconds },
      );
      if (seconds >= AUDIO_MAX_SECONDS) finish(true);
    }, 250);
    session.current = { recorder, stream, chunks, startedAt, timer, name: format.name };
    recorder.start(1000);
    setState({ kind: 'recording', seconds: 0 });
  }, [finish]);

  // Leaving the screen while recording cancels it and frees the microphone.
  useEffect(
    () => () => {
      const s = release();
      if (s && s.recorder.state !== 'inactive') {
        s.recorder.onstop = null;
        s.recorder.stop();
      }
    },
    [release],
  );

  return {
    state,
    start: () => void start(),
    cancel: () => finish(false),
    send: () => finish(true),
  };
}
