/**
 * The signed-in frame the page arrived with (pages.ts, drawn at build time): React replaces the
 * page's content when it starts, so main.tsx keeps that HTML here first, and the app shows it
 * again while its own code and the member's check arrive, instead of a blank page and a lone
 * spinner. It is the same markup, so the member sees no change until the real shell is drawn;
 * its skeleton cards then stand in the screen's place until the screen's code is there. Once
 * the first signed-in screen has been shown, or on a public address, it is no longer used.
 */
import type { ReactNode } from 'react';
import { useLocation } from './router';
import { useScreenShown } from './firstScreen';
import { FRAME_PAGE, pageFor } from '../pages';

let frameHtml: string | null = null;
let skeletonHtml: string | null = null;

/** Called once at start with the page's root: keeps the frame it holds, if any. */
export function keepFrame(root: HTMLElement) {
  if (root.dataset.page !== 'frame' || !root.firstElementChild) return;
  frameHtml = root.innerHTML;
  skeletonHtml = root.querySelector('.shell-main')?.innerHTML ?? null;
}

function useFrameWanted(html: string | null): html is string {
  const { pathname } = useLocation();
  const shown = useScreenShown();
  return html !== null && !shown && pageFor(pathname) === FRAME_PAGE;
}

/** The whole frame (top bar, skeleton, bottom navigation) and `children` over it; else `otherwise`. */
export function Frame({ otherwise, children }: { otherwise: ReactNode; children?: ReactNode }) {
  if (!useFrameWanted(frameHtml)) return <>{otherwise}</>;
  return (
    <>
      {/* Inert: a tap on the frame's buttons waits for the real ones instead of being lost. */}
      <div className="frame" inert dangerouslySetInnerHTML={{ __html: frameHtml ?? '' }} />
      {children}
    </>
  );
}

/** The frame's skeleton cards, in the shell while the screen's code arrives; else `otherwise`. */
export function FrameSkeleton({ otherwise }: { otherwise: ReactNode }) {
  if (!useFrameWanted(skeletonHtml)) return <>{otherwise}</>;
  return <div className="frame" inert dangerouslySetInnerHTML={{ __html: skeletonHtml ?? '' }} />;
}
