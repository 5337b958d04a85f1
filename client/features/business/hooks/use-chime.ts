import { useCallback, useEffect, useRef, useState } from 'react';
import { useFirstGesture } from './use-first-gesture';

/**
 * The payments screen's audible cue: a short two-note chime made with the Web Audio API (no file to
 * load). Browsers start audio only after a user gesture on the page, so the chime is "armed" by the first
 * tap or key press (or the "Enable sound" button); until then the page says sound is not on yet. The
 * owner's mute choice is remembered on the device.
 */

export const SOUND_PREFERENCE_KEY = 'bachat.counter.sound';
export type SoundPreference = 'on' | 'off';

export function readSoundPreference(): SoundPreference {
  try {
    return localStorage.getItem(SOUND_PREFERENCE_KEY) === 'off' ? 'off' : 'on';
  } catch {
    return 'on';
  }
}

function writeSoundPreference(value: SoundPreference) {
  try {
    localStorage.setItem(SOUND_PREFERENCE_KEY, value);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

type AudioContextClass = typeof AudioContext;
const audioContextClass = (): AudioContextClass | null =>
  typeof window === 'undefined' ? null : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext ?? null);

/** Two rising notes, loud enough for a noisy counter, about 0.45 s. */
function playChime(ctx: AudioContext) {
  const start = ctx.currentTime + 0.01;
  for (const [i, frequency] of [880, 1320].entries()) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = frequency;
    const t = start + i * 0.18;
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(0.6, t + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.26);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t);
    osc.stop(t + 0.28);
  }
}

export interface Chime {
  preference: SoundPreference;
  /** Audio may play now (the browser allowed it). */
  ready: boolean;
  /** The browser has no Web Audio. */
  unsupported: boolean;
  /** Turns sound on and arms it (call from a click). */
  enable: () => void;
  mute: () => void;
  /** Plays the chime when sound is on and armed. */
  play: () => void;
}

export function useChime(): Chime {
  const [preference, setPreference] = useState<SoundPreference>(readSoundPreference);
  const [ready, setReady] = useState(false);
  const ctx = useRef<AudioContext | null>(null);
  const unsupported = audioContextClass() === null;

  const arm = useCallback(() => {
    const Ctor = audioContextClass();
    if (!Ctor) return;
    ctx.current ??= new Ctor();
    const c = ctx.current;
    if (c.state === 'running') {
      setReady(true);
      return;
    }
    c.resume().then(
      () => setReady(c.state === 'running'),
      () => setReady(false),
    );
  }, []);

  // The first tap or key press anywhere on the page arms the chime (when sound is on).
  // The sound button's own tap is its click's business (arming here would flip it before the click lands).
  useFirstGesture(preference === 'on' && !ready && !unsupported, 'sound-control', arm);

  useEffect(
    () => () => {
      void ctx.current?.close().catch(() => undefined);
      ctx.current = null;
    },
    [],
  );

  return {
    preference,
    ready,
    unsupported,
    enable: () => {
      setPreference('on');
      writeSoundPreference('on');
      arm();
    },
    mute: () => {
      setPreference('off');
      writeSoundPreference('off');
    },
    play: () => {
      if (preference === 'on' && ctx.current?.state === 'running') playChime(ctx.current);
    },
  };
}
