/**
 * A pose drawn simply (issue 28): a head and shoulders, and the hand or head movement asked,
 * as the member sees themselves in the front camera. Inline SVG: a few hundred bytes each.
 */
import type { TVerificationPose } from '@app/shared';

/** What each pose adds to the bust: arm and hand strokes, or the head turned. */
const POSES: Record<TVerificationPose, string> = {
  left_hand_face: 'M20 92 L22 52 M22 52 l-4 -10 M22 52 l0 -12 M22 52 l4 -10',
  right_hand_face: 'M100 92 L98 52 M98 52 l4 -10 M98 52 l0 -12 M98 52 l-4 -10',
  thumb_up: 'M40 100 L58 70 M58 70 l0 -14 M58 70 l8 2',
  peace_sign: 'M96 100 L86 66 M86 66 l-6 -14 M86 66 l4 -14',
  hand_on_head: 'M24 92 Q26 20 60 14',
  touch_nose: 'M34 100 L58 50',
  hand_on_chin: 'M36 100 Q50 80 60 68 l10 0',
  look_left: 'M60 16 l-16 20 M44 36 l6 4',
  three_fingers: 'M92 100 L86 64 M86 64 l-6 -12 M86 64 l0 -14 M86 64 l6 -12',
  wave: 'M98 96 L100 54 M100 54 l-6 -10 M100 54 l-2 -12 M100 54 l2 -12 M100 54 l6 -10',
};

export function PoseDrawing({ pose }: { pose: TVerificationPose }) {
  return (
    <svg viewBox="0 0 120 120" width="120" height="120" aria-hidden className="pose-drawing">
      <circle cx="60" cy="40" r="20" fill="none" stroke="currentColor" strokeWidth="4" />
      <path d="M20 118 Q60 70 100 118" fill="none" stroke="currentColor" strokeWidth="4" />
      <path
        d={POSES[pose]}
        fill="none"
        stroke="#e0245e"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
