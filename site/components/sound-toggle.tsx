import { useSyncExternalStore } from 'react';
import { useSiteData } from '../data.tsx';
import { isMuted, setMuted, subscribeMuted } from '../transition/sound.ts';
import { Icon } from './ui/icon.tsx';

/** A visible, labelled switch for the transition tone; the choice lasts for the visit (in memory, never stored). */
export function SoundToggle() {
  const { labels } = useSiteData();
  const muted = useSyncExternalStore(subscribeMuted, isMuted, () => false);
  return (
    <button type="button" className="sound-toggle" aria-pressed={!muted} onClick={() => setMuted(!muted)}>
      <Icon name={muted ? 'volume-off' : 'volume'} />
      <span className="sound-toggle__label">{labels.sound}</span>
    </button>
  );
}
