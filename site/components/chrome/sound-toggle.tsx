import { useSyncExternalStore } from 'react';
import { Icon, useLayout } from '../ui/index.ts';
import { isMuted, setMuted, subscribeMuted } from '../../transition/sound.ts';

/** A visible, labelled switch for the transition tone; the choice lasts for the visit (in memory, never stored). */
export function SoundToggle() {
  const { labels } = useLayout();
  const muted = useSyncExternalStore(subscribeMuted, isMuted, () => false);
  return (
    <button type="button" className="sound-toggle" aria-pressed={!muted} onClick={() => setMuted(!muted)}>
      <Icon name={muted ? 'volume-off' : 'volume'} />
      <span className="sound-toggle__label">{labels.sound}</span>
    </button>
  );
}
