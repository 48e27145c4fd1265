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

/** The one AudioContext, created on first use; null where audio is unsupported or refused. */
function audioContext(): AudioContext | null {
  try {
    const AudioContextClass = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioContextClass) return null;
    context ??= new AudioContextClass();
    return context;
  } catch {
    return null;
  }
}

/** Plays the transition tone. Call from inside a user gesture, or once sound is allowed; never throws. */
export function playTone(): void {
  if (muted) return;
  try {
    const context = audioContext();
    if (!context) return;
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

/**
 * The tone as a page loads (spec: "a short tone on load"). Browsers refuse sound until
 * the visitor has pressed something on the page, and an AudioContext made earlier only
 * earns a console warning; so the tone waits for the visitor's first press within
 * `withinMs` (the first-load transition) and plays then, or not at all: a tone long after
 * the page appeared would be noise.
 * The entry script arms it as it starts, before the page hydrates: a press on the sound
 * switch or a link while the page is still hydrating is then seen for what it was, where
 * an arming after hydration saw only that the page had been pressed, and played.
 * Where the page already has the visitor's activation (a press before the script ran), it
 * plays at once. Returns a function that disarms it (a page that will not hydrate).
 */
let loadToneArmed = false;
export function playToneOnLoad(withinMs: number): () => void {
  if (muted || loadToneArmed) return () => {};
  loadToneArmed = true;
  if ((navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation?.hasBeenActive) {
    playTone();
    return () => {};
  }
  const settle = () => {
    clearTimeout(timer);
    window.removeEventListener('pointerdown', onPress, true);
    window.removeEventListener('keydown', onPress, true);
  };
  const onPress = (event: Event) => {
    settle();
    // Not for a press on a link (its navigation has a tone) or on the sound switch itself.
    if (!(event.target as Element | null)?.closest?.('a, .sound-toggle')) playTone();
  };
  const timer = setTimeout(settle, withinMs);
  window.addEventListener('pointerdown', onPress, true);
  window.addEventListener('keydown', onPress, true);
  return settle;
}
