import { gsap } from 'gsap';

/** Sweeps the covering slices away with GSAP, one `stagger` after another, and fades the page content in after `contentDelay`. */
export async function sweep(overlay: HTMLElement, content: HTMLElement, timing: { total: number; stagger: number; slices: number; contentDelay: number }): Promise<void> {
  const sliceDuration = timing.total - timing.stagger * (timing.slices - 1);
  const slices = Array.from(overlay.querySelectorAll<HTMLElement>('.pt__slice'));
  gsap.killTweensOf([...slices, content]);
  overlay.classList.remove('pt--done', 'pt--cover');
  overlay.classList.add('pt--running');
  gsap.set(slices, { scaleY: 1, transformOrigin: '50% 0%' });
  gsap.set(content, { opacity: 0 });
  content.classList.remove('page--waiting');
  const timeline = gsap.timeline({
    onComplete: () => {
      overlay.classList.remove('pt--running');
      overlay.classList.add('pt--done');
      gsap.set([...slices, content], { clearProps: 'all' });
    },
  });
  timeline.to(slices, { scaleY: 0, duration: sliceDuration, ease: 'power3.inOut', stagger: timing.stagger }, 0);
  timeline.to(content, { opacity: 1, duration: 0.5, ease: 'power1.out' }, timing.contentDelay);
  await timeline.then();
}
