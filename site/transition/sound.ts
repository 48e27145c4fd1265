/*
 * The short sine tone of the page transition. Browsers refuse audio before a user
 * gesture, so the one AudioContext is created (or resumed) inside the click that
 * navigates, kept across client-side navigations, and any refusal is silent.
 * The mute choice lives in memory for the visit: the spec allows one stored client value,
 * the session flag `authenticated`, so nothing else goes to storage.
 */

const listeners = new Set<() => void>();
let context: AudioContext | null = null;
let muted = false;

/** Subscribes to changes of the mute choice (for useSyncExternalStore). */
export function subscribeMuted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isMuted(): boolean {
  return muted;
}

/** Records the visitor's choice for the rest of the visit. */
export function setMuted(value: boolean): void {
  muted = value;
  listeners.forEach((listener) => listener());
}

/** Plays the transition tone. Call only from inside a user gesture; never throws. */
export function playTone(): void {
  if (muted) return;
  try {
    const AudioContextClass = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioContextClass) return;
    context ??= new AudioContextClass();
    if (context.state === 'suspended') void context.resume().catch(() => {});
    const now = context.currentTime;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(660, now);
    oscillator.frequency.exponentialRampToValueAtTime(880, now + 0.12);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.08, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.18);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(now);
    oscillator.stop(now + 0.2);
  } catch {
    // Audio blocked or unsupported: the transition goes on silently.
  }
}
